import { esims, orders, packages, seedShopUser, seedStaffUser } from '@esim/db';
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
        fulfilmentStatus: 'completed',
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
        fulfilmentStatus: 'completed',
        totalCents: 500,
        buyerEmail: uniqueEmail('b'),
        country: 'XK',
        createdAt: day('2026-03-02'),
      },
      {
        ...base,
        number: 'ES-ALL3-0003',
        kind: 'esim',
        fulfilmentStatus: 'paid',
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
        fulfilmentStatus: 'pending',
        totalCents: 20000,
        buyerEmail: uniqueEmail('d'),
        shopId,
        createdAt: day('2026-03-04'),
      },
      {
        ...base,
        number: 'ES-ALL3-0005',
        kind: 'gift_card',
        fulfilmentStatus: 'failed',
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

// ADR 0076: the rows behind a report's figure. The sales the analytics count (ADR 0049) paid within days, and an
// order's traffic source, campaign and landing page as the statistics key them, and its package.
describe('GET /api/staff/orders: the rows behind a figure', () => {
  let packageId = '';
  beforeAll(async () => {
    const [pkg] = await ctx.deps.db
      .insert(packages)
      .values({
        slug: 'all4-world-1gb',
        type: 'global',
        name: 'World 1 GB',
        validityDays: 30,
        priceCents: 1000,
        wholesaleCents: 400,
        provider: 'sandbox',
        providerPackageCode: 'all4-world-1gb',
      })
      .returning();
    packageId = pkg?.id ?? '';
    const sale = (number: string, extra: Partial<typeof orders.$inferInsert>) => ({
      ...base,
      number,
      kind: 'esim' as const,
      fulfilmentStatus: 'completed' as const,
      totalCents: 1000,
      buyerEmail: uniqueEmail('all4'),
      createdAt: day('2026-04-01'),
      paidAt: day('2026-04-02'),
      ...extra,
    });
    await ctx.deps.db.insert(orders).values([
      sale('ES-ALL4-0001', {
        utmSource: ' Facebook ',
        utmCampaign: ' spring ',
        landingPage: '/?utm_source=x',
        packageId,
      }),
      sale('ES-ALL4-0002', {
        fbclid: 'fb.1',
        landingPage: '/esim/albania?fbclid=fb.1',
        paidAt: day('2026-04-03', 23),
      }),
      sale('ES-ALL4-0003', { referrerHost: 'google.com', refundedCents: 1000, paidAt: day('2026-04-04') }),
      sale('ES-ALL4-0004', { paidAt: day('2026-04-05') }),
      // Not sales (ADR 0049): in review, a shop credit top-up, free.
      sale('ES-ALL4-0005', { fulfilmentStatus: 'for_review', utmSource: 'facebook' }),
      sale('ES-ALL4-0006', { kind: 'credits', utmSource: 'facebook' }),
      sale('ES-ALL4-0007', { paymentMethod: 'free', utmSource: 'facebook', packageId }),
    ]);
  });

  const rows = async (query: string) => {
    const response = await get(`?pageSize=200&sort=number&q=ES-ALL4${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items.map((o: { number: string }) => o.number.slice(-1));
  };

  it('keeps the sales, by the days they were paid (UTC, both counted)', async () => {
    expect(await rows('')).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(await rows('&sales=yes')).toEqual(['1', '2', '3', '4']);
    expect(await rows('&sales=yes&paidAtFrom=2026-04-03&paidAtTo=2026-04-04')).toEqual(['2', '3']);
    expect(await rows('&paidAtTo=2026-04-02')).toEqual(['1', '5', '6', '7']);
  });

  it("finds an order's source, campaign, landing page and package as the statistics name them", async () => {
    expect(await rows('&sales=yes&source=facebook')).toEqual(['1', '2']);
    expect(await rows('&source=FACEBOOK')).toEqual(['1', '2', '5', '6', '7']);
    expect(await rows('&source=google.com')).toEqual(['3']);
    expect(await rows('&source=direct')).toEqual(['4']);
    expect(await rows('&sourceCampaign=spring')).toEqual(['1']);
    expect(await rows('&landingPage=/esim/albania')).toEqual(['2']);
    expect(await rows('&landingPage=/')).toEqual(['1']);
    expect(await rows(`&package=${packageId}`)).toEqual(['1', '7']);
    expect(await rows(`&sales=yes&package=${packageId}`)).toEqual(['1']);
  });

  it('refuses a malformed figure filter with 422', async () => {
    for (const query of [
      '?sales=no',
      '?paidAtFrom=2026-02-30',
      '?paidAtTo=tomorrow',
      '?package=1',
      `?source=${'x'.repeat(101)}`,
      `?landingPage=${'x'.repeat(201)}`,
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('exports the same rows as CSV', async () => {
    const response = await get('.csv?q=ES-ALL4&sales=yes&source=facebook&sort=number');
    expect(response.statusCode).toBe(200);
    const numbers = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(numbers).toEqual(['ES-ALL4-0001', 'ES-ALL4-0002']);
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
