import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { signInEveryKind } from './test/callers';
import { runFuzz, runPageFuzz, sitePagePaths, staffPagePaths, summarise, summarisePages } from './test/fuzz';
import { createTestContext, type TestContext } from './test/harness';

// Issue 13: a short seeded run of the API fuzz suite (the long one is `npm run fuzz`). Every operation of the
// OpenAPI document × every token kind × a few malformed requests: no 5xx, every error in the envelope
// { code, message }, and no data change on a 4xx. Issue 29: every page path × every method × every kind of
// body on the site and the staff dashboard (their builds must exist: `npm run build`, as before the e2e run).
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('API fuzz (short seeded run)', () => {
  it('answers malformed input below 500, in the envelope, changing nothing on 4xx', async () => {
    const callers = await signInEveryKind(ctx);
    const doc = ctx.app.swagger() as unknown as Parameters<typeof runFuzz>[1];
    const result = await runFuzz(ctx, doc, { seed: 13, casesPerCaller: 2, callers });
    expect(result.operations).toBeGreaterThan(40);
    expect(summarise(result.failures)).toEqual([]);
  }, 600_000);

  const siteBuilt = () => existsSync(join(ctx.config.webBuildDir, 'server', 'index.js'));
  const staffBuilt = () => existsSync(join(ctx.config.adminBuildDir, 'index.html'));

  it('answers every method and body on the site pages below 500, refusals in the envelope', async (test) => {
    if (!siteBuilt()) test.skip('the site is not built (npm run build -w apps/web)');
    const site = await buildApp(ctx.deps, 'site');
    try {
      const result = await runPageFuzz(site, sitePagePaths, {
        formPaths: ['/cookie-consent', '/cookie-consent.data'],
      });
      expect(summarisePages(result.failures)).toEqual([]);
      expect(result.statuses[405]).toBeGreaterThan(0);
      // A JSON post to a page is refused in the product's envelope, in the caller's language.
      const german = await site.inject({
        method: 'POST',
        url: '/faq',
        headers: { 'content-type': 'application/json', 'accept-language': 'de' },
        payload: '{}',
      });
      expect(german.statusCode).toBe(405);
      expect(german.headers.allow).toBe('GET, HEAD');
      expect(german.json()).toEqual({
        code: 'METHOD_NOT_ALLOWED',
        message: 'Diese Anfragemethode ist hier nicht erlaubt.',
      });
      // The cookie banner's form still works.
      const consent = await site.inject({
        method: 'POST',
        url: '/cookie-consent',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'choice=accepted&redirectTo=/faq',
      });
      expect(consent.statusCode).toBe(302);
      expect(consent.headers['set-cookie']).toBeTruthy();
    } finally {
      await site.close();
    }
  }, 300_000);

  it('answers every method and body on the staff dashboard pages below 500, refusals in the envelope', async (test) => {
    if (!staffBuilt()) test.skip('the staff dashboard is not built (npm run build -w apps/admin)');
    const staff = await buildApp(ctx.deps, 'staff');
    try {
      const result = await runPageFuzz(staff, staffPagePaths);
      expect(summarisePages(result.failures)).toEqual([]);
    } finally {
      await staff.close();
    }
  }, 300_000);
});
