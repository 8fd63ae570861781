import { type TokenKind, tokenKinds } from '@esim/contracts';
import type { OrderAnalytics } from '@esim/contracts/staff';
import { orders, packages, refunds } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEveryKind } from '../../test/callers';
import { createTestContext, type TestContext, uniqueEmail } from '../../test/harness';

// Issue 31: orders analytics. A known set of orders in March 2019 (no other test or seed has orders then) and
// every figure checked exactly, the previous period too, and that each chart's rows add up to its total.
let ctx: TestContext;
let callers: Record<TokenKind, Record<string, string>>;
let packageA = '';
let packageB = '';

const at = (iso: string) => new Date(iso);
type NewOrder = typeof orders.$inferInsert;

beforeAll(async () => {
  ctx = await createTestContext();
  callers = await signInEveryKind(ctx);
  const db = ctx.deps.db;
  const pkg = (slug: string, name: string) => ({
    slug,
    type: 'local' as const,
    name,
    validityDays: 30,
    priceCents: 1000,
    wholesaleCents: 400,
    provider: 'sandbox',
    providerPackageCode: slug,
  });
  const [a, b] = await db
    .insert(packages)
    .values([pkg('analytics-a', 'Albania 5 GB'), pkg('analytics-b', 'Kosovo 1 GB')])
    .returning();
  packageA = a?.id ?? '';
  packageB = b?.id ?? '';
  let n = 0;
  const order = (o: Partial<NewOrder> & Pick<NewOrder, 'totalCents'>): NewOrder => ({
    number: `ES-ANL9-${String(++n).padStart(4, '0')}`,
    kind: 'esim',
    fulfilmentStatus: 'completed',
    paymentMethod: 'card',
    subtotalCents: o.totalCents,
    buyerName: 'Arta Krasniqi',
    buyerEmail: uniqueEmail('analytics'),
    locale: 'en',
    ...o,
  });
  const rows = await db
    .insert(orders)
    .values([
      // The current period, 2019-03-01 … 2019-03-10.
      order({
        totalCents: 1000,
        country: 'AL',
        packageId: packageA,
        packageSnapshot: { name: 'Albania 5 GB' },
        paidAt: at('2019-03-01T00:00:00Z'),
      }),
      order({
        totalCents: 2000,
        country: 'AL',
        packageId: packageA,
        packageSnapshot: { name: 'Albania 5 GB' },
        paidAt: at('2019-03-01T23:59:59Z'),
      }),
      order({
        kind: 'topup',
        fulfilmentStatus: 'paid',
        paymentMethod: 'credits',
        totalCents: 500,
        country: 'XK',
        packageId: packageB,
        packageSnapshot: { name: 'Kosovo 1 GB' },
        paidAt: at('2019-03-05T12:00:00Z'),
      }),
      order({
        kind: 'gift_esim',
        refundedCents: 3000,
        paymentMethod: 'gift_card',
        totalCents: 3000,
        country: 'DE',
        packageId: packageA,
        packageSnapshot: { name: 'Albania 5 GB' },
        paidAt: at('2019-03-10T23:30:00Z'),
      }),
      order({
        kind: 'change_esim',
        refundedCents: 500,
        totalCents: 1500,
        paidAt: at('2019-03-07T08:00:00Z'),
      }),
      // Not sales, not settled, not paid, or outside both periods: never counted.
      order({ kind: 'credits', totalCents: 20000, paidAt: at('2019-03-02T10:00:00Z') }),
      order({ kind: 'gift_card', totalCents: 5000, paidAt: at('2019-03-02T10:00:00Z') }),
      order({ kind: 'admin', paymentMethod: 'free', totalCents: 0, paidAt: at('2019-03-02T10:00:00Z') }),
      order({ fulfilmentStatus: 'for_review', totalCents: 999, paidAt: at('2019-03-03T10:00:00Z') }),
      order({ fulfilmentStatus: 'cancelled', totalCents: 998, paidAt: at('2019-03-03T10:00:00Z') }),
      order({ fulfilmentStatus: 'pending', totalCents: 997 }),
      order({ totalCents: 996, paidAt: at('2019-03-11T00:00:00Z') }),
      order({ totalCents: 995, paidAt: at('2019-02-18T23:59:59Z') }),
      // The previous period, 2019-02-19 … 2019-02-28.
      order({
        totalCents: 4000,
        country: 'AL',
        packageId: packageA,
        packageSnapshot: { name: 'Albania 5 GB' },
        paidAt: at('2019-02-19T00:00:00Z'),
      }),
      order({
        refundedCents: 1000,
        totalCents: 1000,
        country: 'FR',
        packageId: packageB,
        packageSnapshot: { name: 'Kosovo 1 GB' },
        paidAt: at('2019-02-28T22:00:00Z'),
      }),
    ])
    .returning({ id: orders.id, number: orders.number });
  const id = (k: number) => rows[k - 1]?.id ?? '';
  await db.insert(refunds).values([
    { orderId: id(4), amountCents: 3000, kind: 'order', status: 'succeeded' },
    { orderId: id(5), amountCents: 500, kind: 'order', status: 'succeeded' },
    { orderId: id(5), amountCents: 700, kind: 'order', status: 'failed' },
    { orderId: id(5), amountCents: 1500, kind: 'duplicate_payment', status: 'succeeded' },
    { orderId: id(6), amountCents: 20000, kind: 'order', status: 'succeeded' },
    { orderId: id(15), amountCents: 1000, kind: 'order', status: 'succeeded' },
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
const row = (
  key: string | null,
  current: ReturnType<typeof figures>,
  previous = zero,
  label: string | null = null,
) => ({ key, label, isOther: false, current, previous });

const sum = (all: { revenueCents: number; orders: number }[]) => ({
  revenueCents: all.reduce((s, f) => s + f.revenueCents, 0),
  orders: all.reduce((s, f) => s + f.orders, 0),
});

/** Every chart's rows add up to the period's totals, in both periods. */
const expectChartsAddUp = (a: OrderAnalytics) => {
  const charts: {
    current: OrderAnalytics['totals']['current'];
    previous: OrderAnalytics['totals']['current'];
  }[][] = [a.overTime, a.byKind, a.byCountry, a.byPackage, a.byPaymentMethod];
  for (const chart of charts)
    for (const period of ['current', 'previous'] as const) {
      const total = a.totals[period];
      expect(sum(chart.map((r) => r[period]))).toEqual({
        revenueCents: total.revenueCents,
        orders: total.orders,
      });
    }
};

describe('GET /api/staff/orders/analytics', () => {
  it('answers every figure of a known set of orders exactly, beside the previous period', async () => {
    const response = await get('/api/staff/orders/analytics?from=2019-03-01&to=2019-03-10');
    expect(response.statusCode, response.body).toBe(200);
    const a: OrderAnalytics = response.json();
    expect(a.currency).toBe('EUR');
    expect(a.range).toEqual({
      from: '2019-03-01',
      to: '2019-03-10',
      days: 10,
      bucket: 'day',
      previousFrom: '2019-02-19',
      previousTo: '2019-02-28',
    });
    expect(a.totals).toEqual({ current: figures(8000, 5, 1600), previous: figures(5000, 2, 2500) });

    expect(a.overTime).toHaveLength(10);
    const days = Object.fromEntries(a.overTime.map((p) => [p.start, p]));
    expect(days['2019-03-01']).toEqual({
      start: '2019-03-01',
      previousStart: '2019-02-19',
      current: figures(3000, 2, 1500),
      previous: figures(4000, 1, 4000),
    });
    expect(days['2019-03-05']?.current).toEqual(figures(500, 1, 500));
    expect(days['2019-03-07']?.current).toEqual(figures(1500, 1, 1500));
    expect(days['2019-03-10']).toEqual({
      start: '2019-03-10',
      previousStart: '2019-02-28',
      current: figures(3000, 1, 3000),
      previous: figures(1000, 1, 1000),
    });
    for (const start of ['2019-03-02', '2019-03-03', '2019-03-04', '2019-03-06', '2019-03-08', '2019-03-09'])
      expect(days[start], start).toMatchObject({ current: zero, previous: zero });

    expect(a.byKind).toEqual([
      row('esim', figures(3000, 2, 1500), figures(5000, 2, 2500)),
      row('gift_esim', figures(3000, 1, 3000)),
      row('change_esim', figures(1500, 1, 1500)),
      row('topup', figures(500, 1, 500)),
    ]);
    expect(a.byCountry).toEqual([
      row('AL', figures(3000, 2, 1500), figures(4000, 1, 4000)),
      row('DE', figures(3000, 1, 3000)),
      row(null, figures(1500, 1, 1500)),
      row('XK', figures(500, 1, 500)),
      row('FR', zero, figures(1000, 1, 1000)),
    ]);
    expect(a.byPackage).toEqual([
      row(packageA, figures(6000, 3, 2000), figures(4000, 1, 4000), 'Albania 5 GB'),
      row(null, figures(1500, 1, 1500)),
      row(packageB, figures(500, 1, 500), figures(1000, 1, 1000), 'Kosovo 1 GB'),
    ]);
    expect(a.byPaymentMethod).toEqual([
      row('card', figures(4500, 3, 1500), figures(5000, 2, 2500)),
      row('gift_card', figures(3000, 1, 3000)),
      row('credits', figures(500, 1, 500)),
    ]);
    // Succeeded refunds of counted orders; not the failed one, the duplicate payment's or the credit top-up's.
    expect(a.refunds).toEqual({
      current: { refundedCents: 3500, refundedOrders: 2, amountRate: 0.4375, orderRate: 0.4 },
      previous: { refundedCents: 1000, refundedOrders: 1, amountRate: 0.2, orderRate: 0.5 },
    });
    expectChartsAddUp(a);
  });

  it('groups longer ranges by week and by month, and still adds up', async () => {
    const weeks: OrderAnalytics = (
      await get('/api/staff/orders/analytics?from=2019-01-28&to=2019-03-10')
    ).json();
    expect(weeks.range).toMatchObject({ days: 42, bucket: 'week', previousFrom: '2018-12-17' });
    expect(weeks.overTime.map((p) => p.start)).toEqual([
      '2019-01-28',
      '2019-02-04',
      '2019-02-11',
      '2019-02-18',
      '2019-02-25',
      '2019-03-04',
    ]);
    expect(weeks.overTime.map((p) => p.current.revenueCents)).toEqual([0, 0, 0, 4995, 4000, 5000]);
    expect(weeks.totals.current).toEqual(figures(13995, 8, 1749));
    expectChartsAddUp(weeks);

    const months: OrderAnalytics = (
      await get('/api/staff/orders/analytics?from=2018-11-15&to=2019-06-30')
    ).json();
    expect(months.range.bucket).toBe('month');
    expect(months.overTime.map((p) => p.start)).toEqual([
      '2018-11-15',
      '2018-12-01',
      '2019-01-01',
      '2019-02-01',
      '2019-03-01',
      '2019-04-01',
      '2019-05-01',
      '2019-06-01',
    ]);
    expect(months.overTime.map((p) => p.current.revenueCents)).toEqual([0, 0, 0, 5995, 8996, 0, 0, 0]);
    expectChartsAddUp(months);
  });

  it('refuses an end before the start and a range over two years with a translated message', async () => {
    const cases = [
      ['from=2019-03-10&to=2019-03-01', 'en', 'The end date is before the start date.'],
      ['from=2017-01-01&to=2019-01-02', 'en', 'Choose a range of at most two years.'],
      ['from=2019-03-10&to=2019-03-01', 'sq', 'Data e mbarimit është para datës së fillimit.'],
    ] as const;
    for (const [query, locale, message] of cases) {
      const response = await get(`/api/staff/orders/analytics?${query}`, 'admin', locale);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: [message] } });
    }
    // Two years exactly (731 days, a leap day within) is allowed.
    expect((await get('/api/staff/orders/analytics?from=2019-01-01&to=2020-12-31')).statusCode).toBe(200);
    for (const query of [
      'from=2019-03-01',
      'from=yesterday&to=2019-03-01',
      'from=2019-02-30&to=2019-03-01',
      '',
    ]) {
      const response = await get(`/api/staff/orders/analytics?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('is for admins only', async () => {
    const url = '/api/staff/orders/analytics?from=2019-03-01&to=2019-03-10';
    const expected: Record<TokenKind, number> = {
      none: 401,
      customer: 403,
      shop: 403,
      admin: 200,
      editor: 403,
      analytics: 403,
    };
    for (const kind of tokenKinds) {
      expect((await get(url, kind)).statusCode, kind).toBe(expected[kind]);
      expect((await get(`${url.replace('?', '.csv?')}&table=kind`, kind)).statusCode, kind).toBe(
        expected[kind],
      );
    }
  });
});

describe('GET /api/staff/orders/analytics.csv', () => {
  const csv = async (query: string) => {
    const response = await get(`/api/staff/orders/analytics.csv?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    return {
      response,
      lines: response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    };
  };

  it('downloads each table with the figures of the answer', async () => {
    const kind = await csv('from=2019-03-01&to=2019-03-10&table=kind');
    expect(kind.response.headers['content-disposition']).toBe(
      'attachment; filename="orders-analytics-kind-2019-03-01-2019-03-10.csv"',
    );
    expect(kind.lines).toEqual([
      'key,label,currentRevenueCents,previousRevenueCents,currentOrders,previousOrders,currentAverageOrderCents,previousAverageOrderCents',
      'esim,,3000,5000,2,2,1500,2500',
      'gift_esim,,3000,0,1,0,3000,0',
      'change_esim,,1500,0,1,0,1500,0',
      'topup,,500,0,1,0,500,0',
    ]);
    const country = await csv('from=2019-03-01&to=2019-03-10&table=country');
    expect(country.lines[3]).toBe('none,,1500,0,1,0,1500,0');
    const overTime = await csv('from=2019-03-01&to=2019-03-10&table=overTime');
    expect(overTime.lines).toHaveLength(11);
    expect(overTime.lines[1]).toBe('2019-03-01,2019-02-19,3000,4000,2,1,1500,4000');
    const refunded = await csv('from=2019-03-01&to=2019-03-10&table=refunds');
    expect(refunded.lines).toEqual([
      'period,from,to,revenueCents,orders,refundedCents,refundedOrders,amountRate,orderRate',
      'current,2019-03-01,2019-03-10,8000,5,3500,2,0.4375,0.4',
      'previous,2019-02-19,2019-02-28,5000,2,1000,1,0.2,0.5',
    ]);
  });

  it('refuses an unknown table and a bad range', async () => {
    for (const query of [
      'from=2019-03-01&to=2019-03-10&table=secrets',
      'from=2019-03-10&to=2019-03-01&table=kind',
    ]) {
      const response = await get(`/api/staff/orders/analytics.csv?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});
