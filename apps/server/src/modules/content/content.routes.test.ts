import { contentPages, seedContentPages, splitMarkdownTitle } from '@esim/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
// Every test starts from the same two staff-edited texts: the seed test adds the other 22, which would give the
// fallback and 404 tests a Turkish text and a privacy policy.
beforeEach(async () => {
  await ctx.deps.db.delete(contentPages);
  await ctx.deps.db.insert(contentPages).values([
    { key: 'terms', locale: 'en', title: 'Terms and Conditions', body: '## Who we are\n\nTravel eSIM.' },
    { key: 'terms', locale: 'sq', title: 'Kushtet e përdorimit', body: '## Kush jemi\n\nTravel eSIM.' },
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, locale: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': locale } });

describe('GET /api/content/:key', () => {
  it('answers the text in the request language', async () => {
    const response = await get('/api/content/terms', 'sq');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key: 'terms', locale: 'sq', title: 'Kushtet e përdorimit' });
    expect(response.headers.vary).toContain('Accept-Language');
  });

  it('falls back to English when the language has no text', async () => {
    expect((await get('/api/content/terms', 'tr')).json()).toMatchObject({
      locale: 'en',
      title: 'Terms and Conditions',
    });
  });

  it('answers 404 when no text exists and 422 for an unknown key', async () => {
    expect((await get('/api/content/privacy', 'en')).statusCode).toBe(404);
    expect((await get('/api/content/cookies', 'en')).statusCode).toBe(422);
  });
});

describe('seeded legal texts', () => {
  it('splits the title from the Markdown body', () => {
    expect(splitMarkdownTitle('# Privacy Policy\n\nLast updated\n\n## Who')).toEqual({
      title: 'Privacy Policy',
      body: 'Last updated\n\n## Who',
    });
  });

  it('seeds terms and privacy in all twelve languages without overwriting edited texts', async () => {
    await seedContentPages(ctx.deps.db);
    const rows = await ctx.deps.db.select().from(contentPages);
    expect(rows).toHaveLength(24);
    expect(rows.find((r) => r.key === 'terms' && r.locale === 'sq')?.title).toBe('Kushtet e përdorimit');
    for (const row of rows)
      expect(row.body.length).toBeGreaterThan(
        row.key === 'terms' && ['en', 'sq'].includes(row.locale) ? 10 : 2000,
      );
  });
});
