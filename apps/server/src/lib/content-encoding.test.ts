import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressOnce } from './content-encoding';

describe('acceptedEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });
});

describe('compressOnce', () => {
  it('gives bytes that decompress to the original', () => {
    const body = Buffer.from(
      JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ name: `Gjermani ${i}` })) }),
    );
    expect(brotliDecompressSync(compressOnce(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(compressOnce(body, 'gzip')).equals(body)).toBe(true);
    expect(compressOnce(body, 'br').length).toBeLessThan(body.length / 3);
  });
});
