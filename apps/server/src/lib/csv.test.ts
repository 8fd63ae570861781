import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { csvCell, csvStream } from './csv';

// A full collection before each reading, so the figures are what is still held, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const retainedHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

const read = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
};

async function* batches<T>(...lists: T[][]) {
  for (const list of lists) yield list;
}

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('turns text a spreadsheet would run as a formula into text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}HYPERLINK("http://x")`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
  });

  it('writes numbers, booleans and dates as values (a negative amount stays a number)', () => {
    expect(csvCell(-1299)).toBe('-1299');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('csvStream', () => {
  const columns = [
    { header: 'number', value: (r: { n: string; total: number }) => r.n },
    { header: 'total', value: (r: { n: string; total: number }) => r.total },
  ];

  it('writes a byte-order mark, the header row and every batch', async () => {
    const text = await read(
      csvStream(columns, batches([{ n: 'A', total: 1 }], [], [{ n: 'B,C', total: 2 }])),
    );
    expect(text).toBe('\uFEFFnumber,total\r\nA,1\r\n"B,C",2\r\n');
  });

  it('asks for the next batch only when the reader wants more', async () => {
    let produced = 0;
    const source = (async function* () {
      for (let i = 0; i < 1000; i++) {
        produced++;
        yield [{ n: `N${i}`, total: i }];
      }
    })();
    const stream = csvStream(columns, source);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    // The stream reads ahead up to its buffer (16 KiB), never the whole list.
    expect(produced).toBeLessThan(1000);
    await iterator.return?.();
  });

  it('streams 100,000 rows with flat memory', async () => {
    const rowCount = 100_000;
    const batchSize = 1000;
    const source = (async function* () {
      for (let start = 0; start < rowCount; start += batchSize)
        yield Array.from({ length: batchSize }, (_, i) => ({
          n: `ES-${String(start + i).padStart(8, '0')}-${'x'.repeat(200)}`,
          total: start + i,
        }));
    })();
    const before = retainedHeap();
    let peak = 0;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    for await (const chunk of csvStream(columns, source)) {
      const text = String(chunk);
      bytes += Buffer.byteLength(text);
      lines += text.split('\r\n').length - 1;
      if (++chunks % 10 === 0) peak = Math.max(peak, retainedHeap() - before);
    }
    expect(lines).toBe(rowCount + 1);
    // About 22 MB went through; what stayed in memory is one batch and the stream's buffer at a time.
    expect(bytes).toBeGreaterThan(20_000_000);
    expect(peak).toBeLessThan(4_000_000);
  });
});
