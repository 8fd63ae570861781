import { describe, expect, it } from 'vitest';
import { requestOrigin, siteHostAliases } from './web';

const originFor = (host: string | undefined, siteUrl: string) =>
  requestOrigin({ headers: host ? { host } : {} }, siteUrl, siteHostAliases(siteUrl));

describe('the origin a page request is rendered for (React Router compares it with Origin on form posts)', () => {
  it('takes the loopback name the browser used when SITE_URL is local', () => {
    expect(originFor('127.0.0.1:3000', 'http://localhost:3000')).toBe('http://127.0.0.1:3000');
    expect(originFor('[::1]:3000', 'http://localhost:3000')).toBe('http://[::1]:3000');
    expect(originFor('localhost:3000', 'http://127.0.0.1:3000')).toBe('http://localhost:3000');
  });

  it('takes www. beside the bare domain and the other way round, with the site scheme', () => {
    expect(originFor('www.esim.example', 'https://esim.example')).toBe('https://www.esim.example');
    expect(originFor('esim.example', 'https://www.esim.example')).toBe('https://esim.example');
  });

  it('keeps SITE_URL for any other host, another port or no host', () => {
    expect(originFor('evil.example', 'https://esim.example')).toBe('https://esim.example');
    expect(originFor('127.0.0.1:4000', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(originFor('shop.esim.example', 'https://esim.example')).toBe('https://esim.example');
    expect(originFor(undefined, 'https://esim.example')).toBe('https://esim.example');
  });
});
