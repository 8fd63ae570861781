import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCatalogue(ctx.deps, ctx.app.log);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, locale = 'en', headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': locale, ...headers } });

describe('GET /api/catalogue/packages', () => {
  it.each(['global', 'regional', 'local'] as const)('the %s tab lists only %s packages', async (type) => {
    const response = await get(`/api/catalogue/packages?type=${type}&pageSize=100`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((p: { type: string }) => p.type === type)).toBe(true);
  });

  it('covers at least 115 countries on six continents', async () => {
    const countries = (await get('/api/catalogue/destinations?kind=country')).json().items as {
      continent: string;
    }[];
    expect(countries.length).toBeGreaterThanOrEqual(115);
    expect(new Set(countries.map((c) => c.continent)).size).toBe(6);
  });

  it('pages through results and refuses a page past the end with a translated 404', async () => {
    const first = (await get('/api/catalogue/packages?type=local&page=1&pageSize=10')).json();
    const second = (await get('/api/catalogue/packages?type=local&page=2&pageSize=10')).json();
    expect(first.items).toHaveLength(10);
    expect(second.items[0].id).not.toBe(first.items[0].id);
    const lastPage = Math.ceil(first.total / 10);
    expect((await get(`/api/catalogue/packages?type=local&page=${lastPage}&pageSize=10`)).statusCode).toBe(
      200,
    );
    const past = await get(`/api/catalogue/packages?type=local&page=${lastPage + 1}&pageSize=10`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({
      code: 'PAGE_OUT_OF_RANGE',
      message: 'This page of results does not exist.',
    });
  });

  it.each([
    ['pageSize=-1', { pageSize: ['Page size must be at least 1'] }],
    ['pageSize=abc', { pageSize: ['Page size must be a number'] }],
    ['pageSize=1000', { pageSize: ['Page size must not be more than 100'] }],
    ['page=0', { page: ['Page must be at least 1'] }],
    ['type=roaming', { type: ['Package type has a value that is not allowed'] }],
    ['q=', { q: ['Search is required'] }],
    [`q=${'a'.repeat(1000)}`, { q: ['Search must not exceed 100 characters'] }],
  ])('answers 422 for %s', async (query, errors) => {
    const response = await get(`/api/catalogue/packages?${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
  });

  it('finds the regional and global packages that cover a searched country', async () => {
    const body = (await get('/api/catalogue/packages?q=Germany&pageSize=100')).json();
    const types = new Set(body.items.map((p: { type: string }) => p.type));
    expect(types).toEqual(new Set(['local', 'regional', 'global']));
  });
});

describe('GET /api/catalogue/search', () => {
  it.each([
    ['sq', 'Gjermani'],
    ['fr', 'Allemagne'],
    ['en', 'Germany'],
    ['de', 'Deutschland'],
    ['sa', 'ألمانيا'],
    ['gr', 'Γερμανία'],
    ['en', 'DE'],
    ['en', 'gjermani'],
  ])('in %s, "%s" finds Germany first', async (locale, q) => {
    const response = await get(`/api/catalogue/search?q=${encodeURIComponent(q)}`, locale);
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0]).toMatchObject({ kind: 'country', code: 'DE' });
  });

  it('names results in the request language and finds regions', async () => {
    expect((await get('/api/catalogue/search?q=Germany', 'sq')).json().items[0].name).toBe('Gjermani');
    const balkans = (await get('/api/catalogue/search?q=Ballkan', 'sq')).json().items[0];
    expect(balkans).toMatchObject({ kind: 'region', code: 'balkans', name: 'Ballkan' });
  });

  it('ignores accents and case', async () => {
    expect((await get('/api/catalogue/search?q=shqiperi')).json().items[0]).toMatchObject({ code: 'AL' });
  });

  it('answers an empty list for an unknown place and 422 for an empty query', async () => {
    expect((await get('/api/catalogue/search?q=Atlantis')).json()).toEqual({ items: [] });
    expect((await get('/api/catalogue/search?q=%20%20')).statusCode).toBe(422);
  });
});

describe('country, region and package pages', () => {
  it('a country page has its local packages plus the regional and global ones that cover it', async () => {
    const response = await get('/api/catalogue/countries/de', 'de');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.country).toEqual({ code: 'DE', name: 'Deutschland', continent: 'europe' });
    expect(body.local.length).toBeGreaterThan(0);
    expect(body.regional.every((p: { region: { code: string } }) => p.region.code === 'europe')).toBe(true);
    expect(body.global.length).toBeGreaterThan(0);
  });

  it('a region page lists its countries and packages', async () => {
    const body = (await get('/api/catalogue/regions/balkans', 'en')).json();
    expect(body.region.countries.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['AL', 'XK', 'MK', 'RS']),
    );
    expect(body.packages.every((p: { type: string }) => p.type === 'regional')).toBe(true);
  });

  it('a package lists its coverage with operators and network', async () => {
    const body = (await get('/api/catalogue/packages/de-5gb-30d')).json();
    expect(body).toMatchObject({ slug: 'de-5gb-30d', type: 'local', dataMb: 5120, validityDays: 30 });
    expect(body.coverage[0].country.code).toBe('DE');
    expect(body.coverage[0].operators[0]).toMatchObject({
      name: expect.any(String),
      network: expect.stringMatching(/^[45]G$/),
    });
  });

  it.each(['/api/catalogue/countries/ZZ', '/api/catalogue/regions/atlantis', '/api/catalogue/packages/nope'])(
    'answers 404 for the unknown %s',
    async (url) => {
      const response = await get(url, 'sq');
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect(response.json().message).not.toContain('does not exist');
    },
  );

  it('answers 422 for a malformed country code', async () => {
    expect((await get('/api/catalogue/countries/GERMANY')).statusCode).toBe(422);
  });
});

describe('caching', () => {
  it('sends ETag and Cache-Control, and 304 when the ETag matches', async () => {
    const first = await get('/api/catalogue/highlights');
    expect(first.headers['cache-control']).toContain('max-age=60');
    expect(first.headers.vary).toContain('Accept-Language');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get('/api/catalogue/highlights', 'en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherLanguage = await get('/api/catalogue/highlights', 'sq', { 'if-none-match': etag });
    expect(otherLanguage.statusCode).toBe(200);
  });

  it('sends a browser the stored answer compressed, the same bytes once decompressed', async () => {
    const url = '/api/catalogue/packages?type=local';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await get(url, 'en', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get(url, 'en', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Each encoding is its own representation, with its own ETag.
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const brAgain = await get(url, 'en', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(brAgain.statusCode).toBe(304);
    const plainWithBrTag = await get(url, 'en', { 'if-none-match': String(br.headers.etag) });
    expect(plainWithBrTag.statusCode).toBe(200);
    // Short answers go as they are.
    const search = await get('/api/catalogue/search?q=Gjermani', 'en', { 'accept-encoding': 'br' });
    expect(search.rawPayload.length).toBeLessThan(1024);
    expect(search.headers['content-encoding']).toBeUndefined();
  });

  it('answers a repeated request from the replay: same bytes and headers, its own request id; a change ends it', async () => {
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address}/api/catalogue/packages?type=regional&pageSize=5`;
    const headers = { 'accept-language': 'sq', 'accept-encoding': 'gzip, br' };
    const real = ctx.deps.catalogue.get;
    let pipelineReads = 0;
    ctx.deps.catalogue.get = () => {
      pipelineReads++;
      return real();
    };
    try {
      const fetchOnce = async () => {
        const answer = await fetch(url, { headers });
        return { status: answer.status, headers: new Map(answer.headers), text: await answer.text() };
      };
      const first = await fetchOnce();
      const second = await fetchOnce();
      expect(pipelineReads).toBe(1);
      expect(second.text).toBe(first.text);
      const comparable = (h: Map<string, string>) =>
        [...h].filter(([name]) => name !== 'x-request-id' && name !== 'date').sort();
      expect(comparable(second.headers)).toEqual(comparable(first.headers));
      expect(second.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      // Another language is another answer, made by the routes.
      const english = await fetch(url, { headers: { ...headers, 'accept-language': 'en' } });
      expect(english.status).toBe(200);
      expect(pipelineReads).toBe(2);

      // A catalogue change (sync, staff edit) ends the replay of answers made from the old snapshot.
      ctx.deps.catalogue.invalidate();
      expect((await fetchOnce()).text).toBe(first.text);
      expect(pipelineReads).toBe(3);
    } finally {
      ctx.deps.catalogue.get = real;
    }
  });

  it('highlights hold popular packages and offers below the regular price', async () => {
    const body = (await get('/api/catalogue/highlights')).json();
    expect(body.popular.length).toBeGreaterThan(0);
    for (const offer of body.offers) expect(offer.offerPriceCents).toBeLessThan(offer.priceCents);
  });
});
