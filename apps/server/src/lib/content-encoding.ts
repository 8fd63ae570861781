import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: Brotli, else gzip, else none (q=0 refuses one). */
export const acceptedEncoding = (header: string | string[] | undefined): ContentEncoding | null => {
  const offered = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const allows = (name: ContentEncoding) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
};

/** Below this a compressed answer saves less than its headers and the work cost. */
export const minCompressedBytes = 1024;

/** Compresses a body that is sent many times (stored answers): once, at a good ratio. */
export const compressOnce = (body: Buffer, encoding: ContentEncoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 9 });
