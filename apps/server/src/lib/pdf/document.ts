import { isRightToLeft, type Locale, localeTags } from '@esim/contracts/locales';
import PDFDocument from 'pdfkit';
import { getFonts } from './fonts';
import { type Canvas, type Direction, page } from './layout';

/**
 * Opens an A4 document in the locale's language and direction with the shared fonts registered; `done` resolves
 * to the file's bytes once the caller has drawn and called `doc.end()`. `info.CreationDate` also seeds the file
 * ID, so fixing it makes the output byte-for-byte repeatable.
 */
export const openPdfDocument = (
  locale: Locale,
  info: { Title: string; Author: string; Subject?: string; CreationDate: Date; ModDate: Date },
) => {
  const direction: Direction = isRightToLeft(locale) ? 'rtl' : 'ltr';
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    lang: localeTags[locale],
    displayTitle: true,
    info,
  });
  for (const [name, font] of getFonts()) {
    // pdfkit accepts a parsed fontkit font (anything with `layout`), but its types list only files
    // and buffers.
    doc.registerFont(name, font as unknown as Buffer);
  }
  const canvas: Canvas = { doc, direction, leading: direction === 'rtl' ? 1.75 : 1.4 };
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, canvas, direction, done };
};

/** Money, dates, rates and country names in the document's language. */
export type Formatters = {
  money: (cents: number) => string;
  date: (date: Date) => string;
  rate: (percent: number) => string;
  integer: (value: number) => string;
  country: (country: string) => string;
};

export const createFormatters = (locale: Locale, currency: 'EUR'): Formatters => {
  const tag = localeTags[locale];
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency });
  // Dates are stored in UTC and an invoice carries no time of day, so UTC keeps the date stable
  // whatever the server's time zone.
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const rate = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const regions = new Intl.DisplayNames(tag, { type: 'region', fallback: 'code' });
  return {
    // A decimal string, not cents / 100: Intl formats it exactly, so no float ever holds money.
    money: (cents) => {
      const sign = cents < 0 ? '-' : '';
      const absolute = Math.abs(cents);
      const euros = Math.trunc(absolute / 100);
      const rest = String(absolute % 100).padStart(2, '0');
      return money.format(`${sign}${euros}.${rest}` as `${number}`);
    },
    date: (value) => date.format(value),
    rate: (percent) => rate.format(percent),
    integer: (value) => rate.format(value),
    country: (country) =>
      /^[A-Za-z]{2}$/.test(country) ? (regions.of(country.toUpperCase()) ?? country) : country,
  };
};
