import { type TokenKind, tokenKinds } from '@esim/contracts';
import type {
  CustomersByCountry,
  OrderAnalytics,
  TrafficOverview,
  TrafficSourceStatistics,
  TrafficSources,
  VisitorCountries,
} from '@esim/contracts/staff';
import { orders, shops, trafficPageViews, users } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEveryKind } from '../../test/callers';
import { createTestContext, type TestContext, uniqueEmail } from '../../test/harness';
import { refreshTrafficRollups } from './traffic-rollup.service';

// Issue 33: a known set of page views, orders and customers in February and March 2018 (no other test or seed has
// any then), the roll-up job run, and every figure of the five statistics screens checked exactly; each screen's
// total is the sum of its rows and the same as the orders analytics' for the same days.
let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;
const range = 'from=2018-03-01&to=2018-03-10';

const session = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
type View = typeof trafficPageViews.$inferInsert;
const views = (
  count: number,
  at: string,
  s: Omit<View, 'occurredAt' | 'path' | 'locale' | 'entry'>,
): View[] =>
  Array.from({ length: count }, (_, i) => ({
    ...s,
    occurredAt: new Date(at),
    path: i === 0 ? s.landingPage : `/page-${i}`,
    locale: 'sq',
    entry: i === 0,
  }));

type NewOrder = typeof orders.$inferInsert;
let n = 0;
const order = (o: Partial<NewOrder> & Pick<NewOrder, 'totalCents' | 'paidAt'>): NewOrder => ({
  number: `ES-STA8-${String(++n).padStart(4, '0')}`,
  kind: 'esim',
  fulfilmentStatus: 'completed',
  paymentMethod: 'card',
  subtotalCents: o.totalCents,
  buyerName: 'Besa Hoxha',
  buyerEmail: uniqueEmail('statistics'),
  locale: 'sq',
  ...o,
});

const customer = (
  country: string | null,
  createdAt: string,
  extra: Partial<typeof users.$inferInsert> = {},
) => ({
  kind: 'customer' as const,
  firstName: 'Drita',
  lastName: 'Gashi',
  email: uniqueEmail('statistics-user'),
  country,
  createdAt: new Date(createdAt),
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  callers = await signInEveryKind(ctx);
  const db = ctx.deps.db;
  const facebook = { source: 'facebook', medium: 'cpc', landingPage: '/' };
  await db.insert(trafficPageViews).values([
    ...views(3, '2018-03-02T10:00:00Z', {
      ...facebook,
      sessionId: session(1),
      campaign: 'spring',
      country: 'AL',
    }),
    ...views(2, '2018-03-05T08:00:00Z', {
      sessionId: session(2),
      source: 'google.com',
      referrerHost: 'google.com',
      landingPage: '/faq',
      country: 'XK',
    }),
    ...views(1, '2018-03-05T23:59:59Z', { sessionId: session(3), source: 'direct', landingPage: '/' }),
    ...views(2, '2018-02-25T12:00:00Z', {
      ...facebook,
      sessionId: session(4),
      campaign: 'winter',
      country: 'AL',
    }),
  ]);
  await db.insert(orders).values([
    // Counted (ADR 0049), current period.
    order({
      totalCents: 2500,
      paidAt: new Date('2018-03-02T11:00:00Z'),
      utmSource: 'Facebook',
      utmCampaign: 'spring',
      fbclid: 'fb.1',
      landingPage: '/?utm_source=Facebook&fbclid=fb.1',
      country: 'AL',
    }),
    order({
      totalCents: 1500,
      paidAt: new Date('2018-03-06T09:00:00Z'),
      fbclid: 'fb.2',
      landingPage: '/esim/albania',
      country: 'AL',
      kind: 'topup',
      paymentMethod: 'gift_card',
    }),
    order({
      totalCents: 4000,
      paidAt: new Date('2018-03-05T09:00:00Z'),
      referrerHost: 'google.com',
      country: 'XK',
    }),
    order({ totalCents: 1000, paidAt: new Date('2018-03-10T23:59:59Z'), refundedCents: 1000 }),
    // Counted, previous period.
    order({
      totalCents: 3000,
      paidAt: new Date('2018-02-26T10:00:00Z'),
      utmSource: 'facebook',
      utmCampaign: 'winter',
      landingPage: '/',
      country: 'AL',
    }),
    // Not sales (ADR 0049) or outside both periods.
    order({
      totalCents: 9000,
      paidAt: new Date('2018-03-03T10:00:00Z'),
      utmSource: 'facebook',
      fulfilmentStatus: 'for_review',
    }),
    order({
      totalCents: 9000,
      paidAt: new Date('2018-03-03T10:00:00Z'),
      utmSource: 'facebook',
      kind: 'credits',
    }),
    order({
      totalCents: 9000,
      paidAt: new Date('2018-03-03T10:00:00Z'),
      utmSource: 'facebook',
      paymentMethod: 'free',
    }),
    order({ totalCents: 9000, paidAt: new Date('2018-03-11T00:00:00Z'), utmSource: 'facebook' }),
  ]);
  const [shop] = await db.insert(shops).values({ name: 'Statistics shop' }).returning();
  await db.insert(users).values([
    customer('AL', '2018-03-01T00:00:00Z'),
    customer('AL', '2018-03-10T23:00:00Z'),
    customer('AL', '2018-02-20T00:00:00Z'),
    customer('AL', '2017-01-01T00:00:00Z'),
    customer('XK', '2018-03-04T00:00:00Z'),
    customer(null, '2018-02-27T00:00:00Z'),
    // Not counted: deleted, a shop user, registered after the range.
    customer('AL', '2018-03-02T00:00:00Z', { deletedAt: new Date('2018-04-01T00:00:00Z') }),
    { ...customer('AL', '2018-03-02T00:00:00Z'), kind: 'shop' as const, shopId: shop?.id ?? null },
    customer('AL', '2018-03-11T00:00:00Z'),
  ]);
  await refreshTrafficRollups(ctx.deps, { days: 70, now: new Date('2018-03-20T12:00:00Z') });
});

afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, kind: TokenKind = 'admin', locale = 'en') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': locale, ...callers[kind] } });

const figures = (visits: number, sessions: number, ordersCount: number, revenueCents: number) => ({
  visits,
  sessions,
  orders: ordersCount,
  revenueCents,
  conversionRate: sessions === 0 ? null : Math.round((ordersCount / sessions) * 10_000) / 10_000,
});
const none = figures(0, 0, 0, 0);
const currentTotal = figures(6, 3, 4, 9000);
const previousTotal = figures(2, 1, 1, 3000);

type Rows = { current: ReturnType<typeof figures>; previous: ReturnType<typeof figures> }[];
const sumOf = (rows: Rows, period: 'current' | 'previous') =>
  rows.reduce(
    (s, r) =>
      figures(
        s.visits + r[period].visits,
        s.sessions + r[period].sessions,
        s.orders + r[period].orders,
        s.revenueCents + r[period].revenueCents,
      ),
    none,
  );

describe('GET /api/staff/statistics/traffic', () => {
  it('gives every figure exactly, the rows adding up to the totals and to the orders analytics', async () => {
    const response = await get(`/api/staff/statistics/traffic?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TrafficOverview>();
    expect(body.range).toMatchObject({
      from: '2018-03-01',
      to: '2018-03-10',
      previousFrom: '2018-02-19',
      bucket: 'day',
    });
    expect(body.refreshedAt).not.toBeNull();
    expect(body.totals).toEqual({ current: currentTotal, previous: previousTotal });
    expect(body.bySource).toEqual([
      { key: 'facebook', isOther: false, current: figures(3, 1, 2, 4000), previous: figures(2, 1, 1, 3000) },
      { key: 'google.com', isOther: false, current: figures(2, 1, 1, 4000), previous: none },
      { key: 'direct', isOther: false, current: figures(1, 1, 1, 1000), previous: none },
    ]);
    expect(body.overTime).toHaveLength(10);
    expect(body.overTime[1]).toEqual({
      start: '2018-03-02',
      previousStart: '2018-02-20',
      current: figures(3, 1, 1, 2500),
      previous: none,
    });
    expect(body.overTime[7]).toMatchObject({ start: '2018-03-08', previous: figures(0, 0, 1, 3000) });
    expect(sumOf(body.overTime, 'current')).toEqual(currentTotal);
    expect(sumOf(body.bySource, 'previous')).toEqual(previousTotal);

    const analytics = (await get(`/api/staff/orders/analytics?${range}`)).json<OrderAnalytics>();
    expect(analytics.totals.current).toMatchObject({ orders: 4, revenueCents: 9000 });
    expect(analytics.totals.previous).toMatchObject({ orders: 1, revenueCents: 3000 });
  });

  it('refuses an end before the start and a range over two years with a translated message', async () => {
    const cases = [
      ['from=2018-03-10&to=2018-03-01', 'en', 'The end date is before the start date.'],
      ['from=2016-01-01&to=2018-01-02', 'en', 'Choose a range of at most two years.'],
      ['from=2018-03-10&to=2018-03-01', 'sq', 'Data e mbarimit është para datës së fillimit.'],
    ] as const;
    for (const path of [
      'traffic',
      'traffic/sources',
      'traffic/sources/facebook',
      'countries',
      'users-by-country',
    ])
      for (const [query, locale, message] of cases) {
        const response = await get(`/api/staff/statistics/${path}?${query}`, 'admin', locale);
        expect(response.statusCode, `${path} ${query}`).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: [message] } });
      }
    expect((await get('/api/staff/statistics/traffic?from=2018-03-01')).statusCode).toBe(422);
  });

  it('is for admin and analytics (SPEC section 6), every screen and its CSV', async () => {
    const expected: Record<TokenKind, number> = {
      none: 401,
      customer: 403,
      shop: 403,
      admin: 200,
      editor: 403,
      analytics: 200,
    };
    const urls = [
      `/api/staff/statistics/traffic?${range}`,
      `/api/staff/statistics/traffic.csv?${range}&table=sources`,
      `/api/staff/statistics/traffic/sources?${range}`,
      `/api/staff/statistics/traffic/sources.csv?${range}&table=sources`,
      `/api/staff/statistics/traffic/sources/facebook?${range}`,
      `/api/staff/statistics/traffic/sources/facebook/table.csv?${range}&table=campaigns`,
      `/api/staff/statistics/countries?${range}`,
      `/api/staff/statistics/countries.csv?${range}&table=countries`,
      `/api/staff/statistics/users-by-country?${range}`,
      `/api/staff/statistics/users-by-country.csv?${range}&table=countries`,
    ];
    for (const url of urls)
      for (const kind of tokenKinds)
        expect((await get(url, kind)).statusCode, `${kind} ${url}`).toBe(expected[kind]);
  });
});

describe('GET /api/staff/statistics/traffic/sources', () => {
  it('lists every source with the same figures and total', async () => {
    const body = (
      await get(`/api/staff/statistics/traffic/sources?${range}`, 'analytics')
    ).json<TrafficSources>();
    expect(body.sources.map((s) => s.key)).toEqual(['facebook', 'google.com', 'direct']);
    expect(body.totals).toEqual({ current: currentTotal, previous: previousTotal });
    expect(sumOf(body.sources, 'current')).toEqual(currentTotal);
  });

  it('downloads the table as CSV with the answer’s figures', async () => {
    const response = await get(`/api/staff/statistics/traffic/sources.csv?${range}&table=sources`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'source,current_visits,previous_visits,current_sessions,previous_sessions,current_orders,previous_orders,current_revenueCents,previous_revenueCents,current_conversionRate,previous_conversionRate',
    );
    expect(lines[1]).toBe('facebook,3,2,1,1,2,1,4000,3000,2,1');
    expect(lines).toHaveLength(4);
  });
});

describe('GET /api/staff/statistics/traffic/sources/:sourceName', () => {
  it("gives one source's campaigns and landing pages, adding up to the source's row", async () => {
    const response = await get(`/api/staff/statistics/traffic/sources/facebook?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TrafficSourceStatistics>();
    expect(body.totals).toEqual({ current: figures(3, 1, 2, 4000), previous: figures(2, 1, 1, 3000) });
    expect(body.campaigns).toEqual([
      { key: 'spring', isOther: false, current: figures(3, 1, 1, 2500), previous: none },
      { key: null, isOther: false, current: figures(0, 0, 1, 1500), previous: none },
      { key: 'winter', isOther: false, current: none, previous: figures(2, 1, 1, 3000) },
    ]);
    expect(body.landingPages).toEqual([
      { key: '/', isOther: false, current: figures(3, 1, 1, 2500), previous: figures(2, 1, 1, 3000) },
      { key: '/esim/albania', isOther: false, current: figures(0, 0, 1, 1500), previous: none },
    ]);
    expect(sumOf(body.overTime, 'current')).toEqual(body.totals.current);
  });

  it('answers an unknown source with a translated 404', async () => {
    const en = await get(`/api/staff/statistics/traffic/sources/nowhere?${range}`);
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No visits or orders came from the source “nowhere”.',
    });
    const sq = await get(`/api/staff/statistics/traffic/sources/nowhere?${range}`, 'admin', 'sq');
    expect(sq.json().message).toBe('Asnjë vizitë apo porosi nuk ka ardhur nga burimi “nowhere”.');
  });
});

describe('GET /api/staff/statistics/countries', () => {
  it('gives visits, sessions, orders, conversion and revenue per visitor country', async () => {
    const body = (await get(`/api/staff/statistics/countries?${range}`)).json<VisitorCountries>();
    expect(body.countries).toEqual([
      { key: 'AL', isOther: false, current: figures(3, 1, 2, 4000), previous: figures(2, 1, 1, 3000) },
      { key: 'XK', isOther: false, current: figures(2, 1, 1, 4000), previous: none },
      { key: null, isOther: false, current: figures(1, 1, 1, 1000), previous: none },
    ]);
    expect(body.totals).toEqual({ current: currentTotal, previous: previousTotal });
  });
});

describe('GET /api/staff/statistics/users-by-country', () => {
  it('counts registered customers per country with growth', async () => {
    const body = (await get(`/api/staff/statistics/users-by-country?${range}`)).json<CustomersByCountry>();
    expect(body.countries).toEqual([
      {
        key: 'AL',
        current: { registered: 2, total: 4 },
        previous: { registered: 1, total: 2 },
        growthRate: 1,
      },
      {
        key: 'XK',
        current: { registered: 1, total: 1 },
        previous: { registered: 0, total: 0 },
        growthRate: null,
      },
      {
        key: null,
        current: { registered: 0, total: 1 },
        previous: { registered: 1, total: 1 },
        growthRate: -1,
      },
    ]);
    expect(body.totals).toEqual({
      current: { registered: 3, total: 6 },
      previous: { registered: 2, total: 3 },
      growthRate: 0.5,
    });
  });
});

// ADR 0076: every count or sum of orders or customers opens the list of exactly those rows, with the screen's
// filters and days. The lists' own endpoints, asked what the screens link to (report-range.ts builds the same
// parameters), answer the same number of rows and the same revenue as each figure, row by row and in total.
describe('the rows behind the figures', () => {
  const periods = {
    current: { from: '2018-03-01', to: '2018-03-10' },
    previous: { from: '2018-02-19', to: '2018-02-28' },
  };
  type Period = keyof typeof periods;

  /** `/orders/all?sales=yes&paidAtFrom&paidAtTo…`: the sales of the period, with the figure's filters. */
  const salesBehind = async (period: Period, filters: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      sales: 'yes',
      paidAtFrom: periods[period].from,
      paidAtTo: periods[period].to,
      ...filters,
      pageSize: '200',
    });
    const response = await get(`/api/staff/orders?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ total: number; items: { totalCents: number }[] }>();
    return { orders: body.total, revenueCents: body.items.reduce((sum, o) => sum + o.totalCents, 0) };
  };

  /** `/clients/all-users?country&createdAtFrom&createdAtTo`: customers (not deleted) registered then. */
  const customersBehind = async (filters: Record<string, string>) => {
    const response = await get(`/api/staff/clients?${new URLSearchParams(filters)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ total: number }>().total;
  };

  it("countries: each country's orders and revenue, and the total, are the buyers' orders in the list", async () => {
    const body = (await get(`/api/staff/statistics/countries?${range}`)).json<VisitorCountries>();
    const named = body.countries.filter((row) => row.key !== null);
    expect(named.map((row) => row.key)).toEqual(['AL', 'XK']);
    for (const row of named)
      for (const period of ['current', 'previous'] as const)
        expect(await salesBehind(period, { country: row.key ?? '' }), `${row.key} ${period}`).toEqual({
          orders: row[period].orders,
          revenueCents: row[period].revenueCents,
        });
    for (const period of ['current', 'previous'] as const)
      expect(await salesBehind(period)).toEqual({
        orders: body.totals[period].orders,
        revenueCents: body.totals[period].revenueCents,
      });
  });

  it("users by country: each country's registered customers, and all up to the last day, are the clients list's", async () => {
    const body = (await get(`/api/staff/statistics/users-by-country?${range}`)).json<CustomersByCountry>();
    const { current, previous } = periods;
    for (const row of body.countries.filter((r) => r.key !== null)) {
      const country = row.key ?? '';
      expect(
        await customersBehind({ country, createdAtFrom: current.from, createdAtTo: current.to }),
        `${country} registered`,
      ).toBe(row.current.registered);
      expect(
        await customersBehind({ country, createdAtFrom: previous.from, createdAtTo: previous.to }),
        `${country} registered before`,
      ).toBe(row.previous.registered);
      expect(await customersBehind({ country, createdAtTo: current.to }), `${country} total`).toBe(
        row.current.total,
      );
    }
    expect(await customersBehind({ createdAtFrom: current.from, createdAtTo: current.to })).toBe(
      body.totals.current.registered,
    );
    expect(await customersBehind({ createdAtFrom: previous.from, createdAtTo: previous.to })).toBe(
      body.totals.previous.registered,
    );
  });

  it("traffic: each source's, campaign's and landing page's orders are the list's", async () => {
    const sources = (await get(`/api/staff/statistics/traffic/sources?${range}`)).json<TrafficSources>();
    for (const row of sources.sources)
      for (const period of ['current', 'previous'] as const)
        expect(await salesBehind(period, { source: row.key ?? '' }), `${row.key} ${period}`).toEqual({
          orders: row[period].orders,
          revenueCents: row[period].revenueCents,
        });
    const facebook = (
      await get(`/api/staff/statistics/traffic/sources/facebook?${range}`)
    ).json<TrafficSourceStatistics>();
    for (const [name, rows] of [
      ['sourceCampaign', facebook.campaigns],
      ['landingPage', facebook.landingPages],
    ] as const)
      for (const row of rows.filter((r) => r.key !== null))
        for (const period of ['current', 'previous'] as const)
          expect(
            await salesBehind(period, { source: 'facebook', [name]: row.key ?? '' }),
            `${name} ${row.key} ${period}`,
          ).toEqual({ orders: row[period].orders, revenueCents: row[period].revenueCents });
  });
});
