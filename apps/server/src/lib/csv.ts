import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sendDownload } from './download';

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One CSV column: its header and how a row's cell is read. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

// A text cell starting with one of these is a formula to Excel and LibreOffice (CSV injection).
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One cell, RFC 4180 quoted where needed. Text that a spreadsheet would run as a formula gets a leading `'`, so
 * an e-mail address or a failure reason typed by anyone opens as text. Numbers are written as they are (a
 * negative amount stays a number).
 */
export const csvCell = (value: CsvValue) => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;

/**
 * The CSV as a stream: a byte-order mark (so spreadsheets read UTF-8), the header row, then each batch as the
 * consumer asks for it. Only one batch is in memory at a time, however long the list.
 */
export const csvStream = <Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<Row[]>): Readable =>
  Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(columns.map((c) => csvCell(c.header)))}`;
      for await (const batch of batches)
        yield batch.map((row) => csvLine(columns.map((c) => csvCell(c.value(row))))).join('');
    })(),
    { objectMode: false },
  );

/** Sends a CSV stream as a download named `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, stream: Readable) =>
  sendDownload(reply, { contentType: 'text/csv; charset=utf-8', fileName }, stream);
