import { trafficPageViews } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { isBotAgent } from './traffic-beacon.service';

// Issue 33: the site's traffic beacon takes only well-formed, bounded batches, keeps no IP, ignores bots and drops
// a flood from one client with 429, before any database work and without touching the address's other budgets.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
let sessionNo = 0;
const sessionId = () => `10000000-0000-4000-8000-${String(++sessionNo).padStart(12, '0')}`;
const beacon = (id: string, extra: Record<string, unknown> = {}) => ({
  sessionId: id,
  touch: { utmSource: 'Facebook', utmCampaign: 'summer', fbclid: true, landingPage: '/' },
  views: [
    { path: '/', locale: 'sq', entry: true },
    { path: '/esim/albania', locale: 'sq', entry: false },
  ],
  ...extra,
});
const post = (body: unknown, options: { ip?: string; agent?: string; type?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/traffic/views',
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: {
      'user-agent': options.agent ?? browser,
      'content-type': options.type ?? 'text/plain;charset=UTF-8',
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const stored = (id: string) =>
  ctx.deps.db
    .select()
    .from(trafficPageViews)
    .where(eq(trafficPageViews.sessionId, id))
    .orderBy(trafficPageViews.id);

describe('POST /api/traffic/views', () => {
  it("stores a session's page views with its source and no IP address", async () => {
    const id = sessionId();
    const response = await post(beacon(id));
    expect(response.statusCode, response.body).toBe(204);
    const rows = await stored(id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      path: '/',
      locale: 'sq',
      entry: true,
      source: 'facebook',
      campaign: 'summer',
      landingPage: '/',
      // Our own lookup's country for the address; the address itself is not kept.
      country: ctx.deps.geo.countryOf({ ip: '203.0.113.7', headers: {} }),
    });
    expect(rows[0]?.country).toMatch(/^[A-Z]{2}$/);
    expect(rows[1]).toMatchObject({ path: '/esim/albania', entry: false, source: 'facebook' });
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    // application/json is read too.
    const json = sessionId();
    expect((await post(beacon(json), { type: 'application/json' })).statusCode).toBe(204);
    expect(await stored(json)).toHaveLength(2);
  });

  it('names the source from a referring site or none', async () => {
    const fromGoogle = sessionId();
    await post(beacon(fromGoogle, { touch: { referrerHost: 'google.com', landingPage: '/faq' } }));
    const direct = sessionId();
    await post(beacon(direct, { touch: { landingPage: '/' } }));
    expect((await stored(fromGoogle))[0]).toMatchObject({ source: 'google.com', referrerHost: 'google.com' });
    expect((await stored(direct))[0]).toMatchObject({ source: 'direct', referrerHost: null });
  });

  it('refuses malformed or oversized batches whole, never with a 5xx', async () => {
    const id = sessionId();
    const view = { path: '/', locale: 'sq', entry: false };
    const bad = [
      'not json',
      '{"sessionId":',
      beacon('not-a-uuid'),
      beacon(id, { views: [] }),
      beacon(id, { views: Array.from({ length: 21 }, () => view) }),
      beacon(id, { views: [{ ...view, path: 'https://elsewhere.example/' }] }),
      beacon(id, { views: [{ ...view, locale: 'xx' }] }),
      beacon(id, { views: [{ ...view, ip: '1.2.3.4' }] }),
      beacon(id, { touch: { landingPage: '/', utmSource: 'x'.repeat(101) } }),
      beacon(id, { extra: true }),
      beacon(id, { views: [{ ...view, path: `/${'a'.repeat(9000)}` }] }),
    ];
    for (const body of bad) {
      const response = await post(body, { ip: '198.51.100.20' });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await stored(id)).toHaveLength(0);
  });

  it('ignores bots', async () => {
    const id = sessionId();
    for (const agent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      '',
    ])
      expect((await post(beacon(id), { agent })).statusCode, agent).toBe(204);
    expect(await stored(id)).toHaveLength(0);
    expect(isBotAgent(browser)).toBe(false);
    expect(
      isBotAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36'),
    ).toBe(false);
  });

  it('drops a flood from one client with 429, and that client can still use the rest of the API', async () => {
    const ip = '198.51.100.99';
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await post(beacon(sessionId()), { ip })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 204)).toBe(true);
    expect(codes.slice(30).every((c) => c === 429)).toBe(true);
    // Another visitor is not held back, and the flooding address's own budget for the API is untouched.
    expect((await post(beacon(sessionId()), { ip: '198.51.100.100' })).statusCode).toBe(204);
    const other = await ctx.app.inject({ method: 'GET', url: '/api/geo', remoteAddress: ip });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBeUndefined();
  });
});
