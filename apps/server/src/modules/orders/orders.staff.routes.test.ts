import { orders, seedStaffUser } from '@esim/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  type TestContext,
  uniqueEmail,
} from '../../test/harness';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

/** Three failed orders, failed a minute apart (the last one newest), and one completed order. */
const seeded = [
  { number: 'ES-STAF-0001', totalCents: 1500, failureReason: '=cmd|calc' },
  { number: 'ES-STAF-0002', totalCents: 900, failureReason: 'timeout, twice' },
  { number: 'ES-STAF-0003', totalCents: 2500, failureReason: null },
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'staff');
  const base = Date.now() - 3_600_000;
  await ctx.deps.db.insert(orders).values([
    ...seeded.map((o, i) => ({
      ...o,
      kind: 'esim' as const,
      fulfilmentStatus: 'failed' as const,
      subtotalCents: o.totalCents,
      paymentMethod: 'card' as const,
      buyerName: 'Drita Hoxha',
      buyerEmail: uniqueEmail('buyer'),
      locale: 'en',
      packageSnapshot: { name: `Package ${i + 1}` },
      fulfilmentAttempts: 3,
      paidAt: new Date(base + i * 60_000),
      failedAt: new Date(base + i * 60_000 + 30_000),
    })),
    {
      number: 'ES-STAF-0004',
      kind: 'esim' as const,
      fulfilmentStatus: 'completed' as const,
      subtotalCents: 100,
      totalCents: 100,
      paymentMethod: 'card' as const,
      buyerName: 'Ana',
      buyerEmail: uniqueEmail('buyer'),
      locale: 'en',
    },
  ]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers = admin.auth) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

describe('GET /api/staff/orders/failed', () => {
  it('pages the failed orders, newest failure first, with the total', async () => {
    const first = await get('/api/staff/orders/failed?pageSize=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(body.items.map((o: { number: string }) => o.number)).toEqual(['ES-STAF-0003', 'ES-STAF-0002']);
    expect(body.items[0]).toMatchObject({
      status: 'failed',
      packageName: 'Package 3',
      fulfilmentAttempts: 3,
    });
    const second = (await get('/api/staff/orders/failed?pageSize=2&page=2')).json();
    expect(second.items.map((o: { number: string }) => o.number)).toEqual(['ES-STAF-0001']);
  });

  it('sorts by an allowed field in either direction', async () => {
    const byTotal = (await get('/api/staff/orders/failed?sort=totalCents')).json();
    expect(byTotal.items.map((o: { totalCents: number }) => o.totalCents)).toEqual([900, 1500, 2500]);
    const byNumberDesc = (await get('/api/staff/orders/failed?sort=-number')).json();
    expect(byNumberDesc.items[0].number).toBe('ES-STAF-0003');
  });

  it('refuses an unknown sort field and a page past the end', async () => {
    const badSort = await get('/api/staff/orders/failed?sort=buyerEmail');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().code).toBe('VALIDATION_FAILED');
    const tooBig = await get('/api/staff/orders/failed?pageSize=201');
    expect(tooBig.statusCode).toBe(422);
    const past = await get('/api/staff/orders/failed?page=5&pageSize=2');
    expect(past.statusCode).toBe(404);
    expect(past.json().code).toBe('PAGE_OUT_OF_RANGE');
  });
});

describe('GET /api/staff/orders/failed.csv', () => {
  it('downloads every failed order as CSV, with formulas defused', async () => {
    const response = await get('/api/staff/orders/failed.csv?sort=number');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="failed-orders.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,buyerEmail,packageName,totalCents,failureReason,fulfilmentAttempts,paidAt,failedAt',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('ES-STAF-0001,');
    expect(lines[1]).toContain(",'=cmd|calc,");
    expect(lines[2]).toContain(',"timeout, twice",');
  });
});

describe('access', () => {
  it('lets only admins list and export failed orders', async () => {
    const editor = await seedStaffUser(ctx.deps.db, 'editor', { email: uniqueEmail('editor') });
    const editorToken = await loginAs(ctx.app, 'staff', editor.email, editor.password);
    const customer = await createSignedInUser(ctx, 'customer');
    for (const url of ['/api/staff/orders/failed', '/api/staff/orders/failed.csv']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(url, { authorization: `Bearer ${editorToken.access_token}` })).statusCode).toBe(403);
      expect((await get(url, customer.auth)).statusCode).toBe(403);
    }
  });
});
