import { esims, orders, seedShopUser, seedStaffUser } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  type TestContext,
  uniqueEmail,
} from '../../test/harness';

// Issue 31: "all orders" for staff, every kind, filtered, searched, sorted, paged, and its CSV.
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let shopId: string;
const email = uniqueEmail('Mixed.Case');
const iccid = '8935501000000031001';

const day = (date: string, hour = 12) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
const base = {
  subtotalCents: 1000,
  paymentMethod: 'card' as const,
  buyerName: 'Drita Hoxha',
  locale: 'en',
  packageSnapshot: { name: 'Kosovo 1 GB' },
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'staff');
  shopId = (await seedShopUser(ctx.deps.db, { email: uniqueEmail('shop') })).user.shopId ?? '';
  const rows = await ctx.deps.db
    .insert(orders)
    .values([
      {
        ...base,
        number: 'ES-ALL3-0001',
        kind: 'esim',
        status: 'completed',
        totalCents: 1000,
        buyerEmail: email,
        country: 'AL',
        utmCampaign: 'summer',
        createdAt: day('2026-03-01'),
      },
      {
        ...base,
        number: 'ES-ALL3-0002',
        kind: 'topup',
        status: 'completed',
        totalCents: 500,
        buyerEmail: uniqueEmail('b'),
        country: 'XK',
        createdAt: day('2026-03-02'),
      },
      {
        ...base,
        number: 'ES-ALL3-0003',
        kind: 'esim',
        status: 'paid',
        totalCents: 2500,
        buyerEmail: uniqueEmail('c'),
        country: 'AL',
        shopId,
        paymentMethod: 'credits',
        createdAt: day('2026-03-03'),
      },
      {
        ...base,
        number: 'ES-ALL3-0004',
        kind: 'credits',
        status: 'pending',
        totalCents: 20000,
        buyerEmail: uniqueEmail('d'),
        shopId,
        createdAt: day('2026-03-04'),
      },
      {
        ...base,
        number: 'ES-ALL3-0005',
        kind: 'gift_card',
        status: 'failed',
        totalCents: 3000,
        buyerEmail: uniqueEmail('e'),
        country: 'DE',
        utmCampaign: '=HYPERLINK("x")',
        createdAt: day('2026-03-05'),
      },
    ])
    .returning();
  const first = rows[0];
  if (!first) throw new Error('no orders');
  await ctx.deps.db.insert(esims).values({
    iccid,
    orderId: first.id,
    provider: 'sandbox',
    providerRef: `ref-${iccid}`,
    activationCode: 'LPA:1$smdp.example$ALL3',
    smdpAddress: 'smdp.example',
    matchingId: 'ALL3',
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (query: string, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/staff/orders${query}`,
    headers: { 'accept-language': 'en', ...headers },
  });
/** Our five orders only (other test files' orders live in other databases; the seed's may be here). */
const numbers = async (query: string) => {
  const response = await get(`?pageSize=200&q=ES-ALL3${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((o: { number: string }) => o.number);
};

describe('GET /api/staff/orders', () => {
  it('lists every kind, newest first, paged with the total', async () => {
    const response = await get('?q=ES-ALL3&pageSize=2');
    expect(response.json()).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(response.json().items.map((o: { number: string }) => o.number)).toEqual([
      'ES-ALL3-0005',
      'ES-ALL3-0004',
    ]);
    expect(await numbers('')).toHaveLength(5);
  });

  it('filters by status, kind, payment method, dates, country, shop, channel, campaign and amount', async () => {
    expect(await numbers('&status=completed')).toEqual(['ES-ALL3-0002', 'ES-ALL3-0001']);
    expect(await numbers('&kind=credits')).toEqual(['ES-ALL3-0004']);
    expect(await numbers('&paymentMethod=credits')).toEqual(['ES-ALL3-0003']);
    expect(await numbers('&createdAtFrom=2026-03-02&createdAtTo=2026-03-03')).toEqual([
      'ES-ALL3-0003',
      'ES-ALL3-0002',
    ]);
    expect(await numbers('&country=AL')).toEqual(['ES-ALL3-0003', 'ES-ALL3-0001']);
    expect(await numbers(`&shopId=${shopId}`)).toEqual(['ES-ALL3-0004', 'ES-ALL3-0003']);
    expect(await numbers('&channel=customer')).toEqual(['ES-ALL3-0005', 'ES-ALL3-0002', 'ES-ALL3-0001']);
    expect(await numbers('&campaign=summer')).toEqual(['ES-ALL3-0001']);
    expect(await numbers('&amountMinCents=1000&amountMaxCents=3000')).toEqual([
      'ES-ALL3-0005',
      'ES-ALL3-0003',
      'ES-ALL3-0001',
    ]);
    expect(await numbers('&status=completed&kind=esim&country=AL')).toEqual(['ES-ALL3-0001']);
  });

  it('finds an order by number, by e-mail in any case, and by ICCID', async () => {
    const one = async (q: string) =>
      (await get(`?q=${encodeURIComponent(q)}`)).json().items.map((o: { number: string }) => o.number);
    expect(await one('all3-0002')).toEqual(['ES-ALL3-0002']);
    expect(await one(email.toUpperCase())).toEqual(['ES-ALL3-0001']);
    expect(await one(iccid)).toEqual(['ES-ALL3-0001']);
  });

  it('sorts by an allowed field either way', async () => {
    expect(await numbers('&sort=totalCents')).toEqual([
      'ES-ALL3-0002',
      'ES-ALL3-0001',
      'ES-ALL3-0003',
      'ES-ALL3-0005',
      'ES-ALL3-0004',
    ]);
    expect((await numbers('&sort=-number'))[0]).toBe('ES-ALL3-0005');
  });

  it('refuses bad filters, sorts and sizes with 422, and a page past the end with 404', async () => {
    for (const query of [
      '?sort=buyerEmail',
      '?status=lost',
      '?kind=bike',
      '?createdAtFrom=yesterday',
      '?shopId=1',
      '?amountMinCents=-1',
      '?pageSize=201',
      '?paymentMethod=cash',
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const past = await get('?q=ES-ALL3&page=9');
    expect(past.statusCode).toBe(404);
    expect(past.json().code).toBe('PAGE_OUT_OF_RANGE');
  });
});

describe('GET /api/staff/orders.csv', () => {
  it('streams exactly the filtered rows, formulas defused', async () => {
    const response = await get('.csv?q=ES-ALL3&channel=customer&sort=number');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,kind,status,paymentMethod,buyerName,buyerEmail,country,shopId,packageName,utmCampaign,totalCents,currency,createdAt,paidAt',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      'ES-ALL3-0001',
      'ES-ALL3-0002',
      'ES-ALL3-0005',
    ]);
    expect(lines[3]).toContain(`,"'=HYPERLINK(""x"")",`);
  });
});

describe('access', () => {
  it('lets only admins list and export all orders', async () => {
    for (const url of ['', '.csv']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/staff/orders${url}` })).statusCode).toBe(401);
      for (const role of ['editor', 'analytics'] as const) {
        const staff = await seedStaffUser(ctx.deps.db, role, { email: uniqueEmail(role) });
        const token = await loginAs(ctx.app, 'staff', staff.email, staff.password);
        expect((await get(url, { authorization: `Bearer ${token.access_token}` })).statusCode, role).toBe(
          403,
        );
      }
      for (const kind of ['customer', 'shop'] as const)
        expect((await get(url, (await createSignedInUser(ctx, kind)).auth)).statusCode, kind).toBe(403);
    }
  });
});
