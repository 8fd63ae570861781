import { type TokenKind, tokenKinds } from '@esim/contracts';
import type {
  PackageBuyers,
  PackageStatistics,
  PackagesByCountry,
  PackageUsers,
} from '@esim/contracts/staff';
import { countries, orders, packages } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEveryKind } from '../../test/callers';
import { createTestContext, type TestContext } from '../../test/harness';

// Issue 33: package statistics. A known set of orders in April 2014 (no other test or seed has orders then),
// every figure checked exactly, the previous period too, and that each screen's rows add up to its totals.
let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;
let packageA = '';
let packageC = '';

const range = 'from=2014-04-01&to=2014-04-10';
type NewOrder = typeof orders.$inferInsert;

beforeAll(async () => {
  ctx = await createTestContext();
  callers = await signInEveryKind(ctx);
  const db = ctx.deps.db;
  await db.insert(countries).values({ code: 'AL', continent: 'europe' }).onConflictDoNothing();
  const pkg = (slug: string, name: string, type: 'local' | 'global', countryCode: string | null) => ({
    slug,
    type,
    name,
    countryCode,
    validityDays: 30,
    priceCents: 1000,
    wholesaleCents: 400,
    provider: 'sandbox',
    providerPackageCode: slug,
  });
  const [a, c] = await db
    .insert(packages)
    .values([
      pkg('stats-albania-5gb', 'Albania 5 GB', 'local', 'AL'),
      pkg('stats-world-1gb', 'World 1 GB', 'global', null),
    ])
    .returning();
  packageA = a?.id ?? '';
  packageC = c?.id ?? '';
  let n = 0;
  const order = (o: Partial<NewOrder> & Pick<NewOrder, 'totalCents'>): NewOrder => ({
    number: `ES-PST4-${String(++n).padStart(4, '0')}`,
    kind: 'esim',
    fulfilmentStatus: 'completed',
    paymentMethod: 'card',
    subtotalCents: o.totalCents,
    buyerName: 'Buyer',
    buyerEmail: `buyer-${n}@example.test`,
    locale: 'en',
    ...o,
  });
  const at = (iso: string) => new Date(iso);
  await db.insert(orders).values([
    // The current period, 2014-04-01 … 2014-04-10.
    order({
      totalCents: 1000,
      packageId: packageA,
      country: 'XK',
      buyerName: 'Arta K.',
      buyerEmail: 'Arta@example.test',
      paidAt: at('2014-04-01T10:00:00Z'),
    }),
    order({
      kind: 'topup',
      fulfilmentStatus: 'paid',
      paymentMethod: 'credits',
      totalCents: 2000,
      packageId: packageA,
      country: 'XK',
      buyerName: 'Arta Krasniqi',
      buyerEmail: 'arta@example.test',
      paidAt: at('2014-04-02T10:00:00Z'),
    }),
    order({
      refundedCents: 1500,
      totalCents: 1500,
      packageId: packageA,
      country: 'DE',
      buyerName: 'Ben M.',
      buyerEmail: 'ben@example.test',
      paidAt: at('2014-04-10T23:59:59Z'),
    }),
    order({
      kind: 'gift_esim',
      paymentMethod: 'gift_card',
      totalCents: 3000,
      packageId: packageC,
      country: 'XK',
      paidAt: at('2014-04-05T10:00:00Z'),
    }),
    order({ kind: 'change_esim', totalCents: 500, country: 'AL', paidAt: at('2014-04-06T10:00:00Z') }),
    // Not sales, not settled, free, not paid, or outside both periods: never counted.
    order({
      fulfilmentStatus: 'for_review',
      totalCents: 999,
      packageId: packageA,
      paidAt: at('2014-04-03T10:00:00Z'),
    }),
    order({ kind: 'credits', totalCents: 777, packageId: packageA, paidAt: at('2014-04-03T10:00:00Z') }),
    order({
      kind: 'admin',
      paymentMethod: 'free',
      totalCents: 0,
      packageId: packageA,
      paidAt: at('2014-04-03T10:00:00Z'),
    }),
    order({ fulfilmentStatus: 'pending', totalCents: 996, packageId: packageA }),
    order({ totalCents: 995, packageId: packageA, paidAt: at('2014-04-11T00:00:00Z') }),
    // The previous period, 2014-03-22 … 2014-03-31.
    order({ totalCents: 4000, packageId: packageA, country: 'XK', paidAt: at('2014-03-22T00:00:00Z') }),
    order({ totalCents: 800, packageId: packageC, paidAt: at('2014-03-31T23:00:00Z') }),
  ]);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, kind: TokenKind = 'admin', locale = 'en') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': locale, ...callers[kind] } });

const figures = (revenueCents: number, orderCount: number, averageOrderCents: number) => ({
  revenueCents,
  orders: orderCount,
  averageOrderCents,
});
const zero = figures(0, 0, 0);

const sum = (all: { revenueCents: number; orders: number }[]) => ({
  revenueCents: all.reduce((s, f) => s + f.revenueCents, 0),
  orders: all.reduce((s, f) => s + f.orders, 0),
});
const expectAddsUp = (
  rows: {
    current: { revenueCents: number; orders: number };
    previous: { revenueCents: number; orders: number };
  }[],
  totals: PackageStatistics['totals'],
) => {
  for (const period of ['current', 'previous'] as const)
    expect(sum(rows.map((r) => r[period]))).toEqual({
      revenueCents: totals[period].revenueCents,
      orders: totals[period].orders,
    });
};

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('GET /api/staff/statistics/packages', () => {
  it('answers sales and revenue per package exactly, beside the previous period', async () => {
    const response = await get(`/api/staff/statistics/packages?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    const s: PackageStatistics = response.json();
    expect(s.range).toMatchObject({ from: '2014-04-01', to: '2014-04-10', previousFrom: '2014-03-22' });
    expect(s.totals).toEqual({ current: figures(8000, 5, 1600), previous: figures(4800, 2, 2400) });
    expect(s.rows).toEqual([
      {
        packageId: packageA,
        slug: 'stats-albania-5gb',
        name: 'Albania 5 GB',
        type: 'local',
        current: figures(4500, 3, 1500),
        previous: figures(4000, 1, 4000),
      },
      {
        packageId: packageC,
        slug: 'stats-world-1gb',
        name: 'World 1 GB',
        type: 'global',
        current: figures(3000, 1, 3000),
        previous: figures(800, 1, 800),
      },
      { packageId: null, slug: null, name: null, type: null, current: figures(500, 1, 500), previous: zero },
    ]);
    expectAddsUp(s.rows, s.totals);

    const csv = await get(`/api/staff/statistics/packages.csv?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csvLines(csv.body)).toEqual([
      'packageId,slug,name,type,currentRevenueCents,previousRevenueCents,currentOrders,previousOrders,currentAverageOrderCents,previousAverageOrderCents',
      `${packageA},stats-albania-5gb,Albania 5 GB,local,4500,4000,3,1,1500,4000`,
      `${packageC},stats-world-1gb,World 1 GB,global,3000,800,1,1,3000,800`,
      'none,,,,500,0,1,0,500,0',
    ]);
  });

  it('refuses an end before the start and a range over two years with a translated message', async () => {
    const cases = [
      ['from=2014-04-10&to=2014-04-01', 'en', 'The end date is before the start date.'],
      ['from=2012-01-01&to=2014-01-02', 'en', 'Choose a range of at most two years.'],
      ['from=2014-04-10&to=2014-04-01', 'sq', 'Data e mbarimit është para datës së fillimit.'],
    ] as const;
    for (const path of [
      '/api/staff/statistics/packages',
      '/api/staff/statistics/packages-by-country',
      '/api/staff/statistics/packages/stats-albania-5gb',
      `/api/staff/statistics/package-users/${packageA}`,
    ])
      for (const [query, locale, message] of cases) {
        const response = await get(`${path}?${query}`, 'admin', locale);
        expect(response.statusCode, `${path}?${query}`).toBe(422);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: [message] } });
      }
    expect((await get('/api/staff/statistics/packages?from=2014-04-01')).statusCode).toBe(422);
  });

  it('is for admins and the analytics role', async () => {
    const expected: Record<TokenKind, number> = {
      none: 401,
      customer: 403,
      shop: 403,
      admin: 200,
      editor: 403,
      analytics: 200,
    };
    const urls = [
      `/api/staff/statistics/packages?${range}`,
      `/api/staff/statistics/packages.csv?${range}`,
      `/api/staff/statistics/packages/stats-albania-5gb?${range}`,
      `/api/staff/statistics/packages/stats-albania-5gb/buyers.csv?${range}`,
      `/api/staff/statistics/package-users/${packageA}?${range}`,
      `/api/staff/statistics/package-users/${packageA}/export.csv?${range}`,
      `/api/staff/statistics/packages-by-country?${range}`,
      `/api/staff/statistics/packages-by-country.csv?${range}`,
    ];
    for (const url of urls)
      for (const kind of tokenKinds)
        expect((await get(url, kind)).statusCode, `${url} ${kind}`).toBe(expected[kind]);
  });
});

describe('GET /api/staff/statistics/packages/:displayName', () => {
  it("answers one package's sales over time and by the buyer's country", async () => {
    const response = await get(`/api/staff/statistics/packages/stats-albania-5gb?${range}`, 'analytics');
    expect(response.statusCode, response.body).toBe(200);
    const b: PackageBuyers = response.json();
    expect(b.package).toEqual({
      id: packageA,
      slug: 'stats-albania-5gb',
      name: 'Albania 5 GB',
      type: 'local',
      countryCode: 'AL',
      regionCode: null,
    });
    expect(b.totals).toEqual({ current: figures(4500, 3, 1500), previous: figures(4000, 1, 4000) });
    expect(b.overTime).toHaveLength(10);
    expect(b.overTime[0]).toEqual({
      start: '2014-04-01',
      previousStart: '2014-03-22',
      current: figures(1000, 1, 1000),
      previous: figures(4000, 1, 4000),
    });
    expect(b.overTime[9]?.current).toEqual(figures(1500, 1, 1500));
    expect(b.byCountry).toEqual([
      {
        key: 'XK',
        label: null,
        isOther: false,
        current: figures(3000, 2, 1500),
        previous: figures(4000, 1, 4000),
      },
      { key: 'DE', label: null, isOther: false, current: figures(1500, 1, 1500), previous: zero },
    ]);
    expectAddsUp(b.overTime, b.totals);
    expectAddsUp(b.byCountry, b.totals);

    const csv = await get(`/api/staff/statistics/packages/stats-albania-5gb/buyers.csv?${range}`);
    expect(csvLines(csv.body)[1]).toBe('2014-04-01,2014-03-22,1000,4000,1,1,1000,4000');
  });

  it('answers an unknown package with a translated 404', async () => {
    for (const [locale, message] of [
      ['en', 'There is no package with this name.'],
      ['sq', 'Nuk ka paketë me këtë emër.'],
    ] as const) {
      const response = await get(`/api/staff/statistics/packages/no-such-package?${range}`, 'admin', locale);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message });
    }
    const users = await get(
      `/api/staff/statistics/package-users/00000000-0000-4000-8000-000000000000?${range}`,
    );
    expect(users.statusCode).toBe(404);
    expect(users.json().message).toBe('There is no package with this name.');
    expect((await get(`/api/staff/statistics/package-users/not-an-id?${range}`)).statusCode).toBe(422);
  });
});

describe('GET /api/staff/statistics/package-users/:packageId', () => {
  it('lists the buyers of the range, one per account or e-mail address, largest spend first', async () => {
    const response = await get(`/api/staff/statistics/package-users/${packageA}?${range}`, 'analytics');
    expect(response.statusCode, response.body).toBe(200);
    const users: PackageUsers = response.json();
    expect(users).toEqual({
      page: 1,
      pageSize: 50,
      total: 2,
      items: [
        {
          userId: null,
          name: 'Arta Krasniqi',
          email: 'arta@example.test',
          country: 'XK',
          orders: 2,
          revenueCents: 3000,
          lastPaidAt: '2014-04-02T10:00:00.000Z',
        },
        {
          userId: null,
          name: 'Ben M.',
          email: 'ben@example.test',
          country: 'DE',
          orders: 1,
          revenueCents: 1500,
          lastPaidAt: '2014-04-10T23:59:59.000Z',
        },
      ],
    });
    const second = await get(`/api/staff/statistics/package-users/${packageA}?${range}&page=2&pageSize=1`);
    expect(second.json()).toMatchObject({ total: 2, items: [{ email: 'ben@example.test' }] });
    const past = await get(`/api/staff/statistics/package-users/${packageA}?${range}&page=3&pageSize=1`);
    expect(past.json()).toEqual({ page: 3, pageSize: 1, total: 2, items: [] });
    const csv = await get(`/api/staff/statistics/package-users/${packageA}/export.csv?${range}`);
    expect(csvLines(csv.body)).toHaveLength(3);
  });
});

describe('GET /api/staff/statistics/packages-by-country', () => {
  it('answers every buyer country × destination exactly, adding up to the totals', async () => {
    const response = await get(`/api/staff/statistics/packages-by-country?${range}`);
    expect(response.statusCode, response.body).toBe(200);
    const m: PackagesByCountry = response.json();
    expect(m.totals).toEqual({ current: figures(8000, 5, 1600), previous: figures(4800, 2, 2400) });
    expect(m.cells).toEqual([
      {
        buyerCountry: 'XK',
        destination: { code: 'AL', type: 'local' },
        current: figures(3000, 2, 1500),
        previous: figures(4000, 1, 4000),
      },
      {
        buyerCountry: 'XK',
        destination: { code: null, type: 'global' },
        current: figures(3000, 1, 3000),
        previous: zero,
      },
      {
        buyerCountry: 'DE',
        destination: { code: 'AL', type: 'local' },
        current: figures(1500, 1, 1500),
        previous: zero,
      },
      {
        buyerCountry: 'AL',
        destination: { code: null, type: 'none' },
        current: figures(500, 1, 500),
        previous: zero,
      },
      {
        buyerCountry: null,
        destination: { code: null, type: 'global' },
        current: zero,
        previous: figures(800, 1, 800),
      },
    ]);
    expectAddsUp(m.cells, m.totals);
    const csv = await get(`/api/staff/statistics/packages-by-country.csv?${range}`);
    expect(csvLines(csv.body)[1]).toBe('XK,AL,local,3000,4000,2,1,1500,4000');
  });
});
