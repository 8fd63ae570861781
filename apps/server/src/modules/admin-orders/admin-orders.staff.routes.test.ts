import { randomUUID } from 'node:crypto';
import {
  adminOrders,
  auditLog,
  esims,
  orderEvents,
  orders,
  outbox,
  packages,
  seedStaffUser,
  seedUser,
  users,
} from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  type TestContext,
  uniqueEmail,
} from '../../test/harness';
import { adminOrderPrice } from './admin-orders.service';

// Issue 31: admin orders — staff give a package to a customer or an e-mail, free or at an agreed price, with a
// reason; fulfilled by the same job; listed with the staff member and reason (ADR 0043).
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0 });
let ctx: TestContext;
let stopSweep: () => void;
let slug: string;
let listPriceCents: number;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_POLL_SECONDS: '0.5' }, { esimProvider });
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  if (!pkg) throw new Error('no local package');
  slug = pkg.slug;
  listPriceCents = pkg.offerPriceCents ?? pkg.priceCents;
  admin = await createSignedInUser(ctx, 'staff');
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const body = (values: Record<string, unknown> = {}) => ({
  email: uniqueEmail('gifted'),
  fullName: 'Arta Krasniqi',
  packageSlug: slug,
  priceCents: 0,
  purpose: 'compensation',
  reason: 'The first eSIM never worked',
  idempotencyKey: randomUUID(),
  ...values,
});

const create = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = admin.auth,
  locale = 'en',
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/staff/admin-orders',
    headers: { 'accept-language': locale, ...headers },
    payload,
  });
const get = (url: string, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/staff/${url}`,
    headers: { 'accept-language': 'en', ...headers },
  });

const ordersOf = (email: string) => ctx.deps.db.select().from(orders).where(eq(orders.buyerEmail, email));

describe('adminOrderPrice', () => {
  it('waives the difference to the list price, and takes a higher agreed price as it is', () => {
    expect(adminOrderPrice(1500, 0)).toEqual({ subtotalCents: 1500, discountCents: 1500, totalCents: 0 });
    expect(adminOrderPrice(1500, 1000)).toEqual({
      subtotalCents: 1500,
      discountCents: 500,
      totalCents: 1000,
    });
    expect(adminOrderPrice(1500, 2000)).toEqual({ subtotalCents: 2000, discountCents: 0, totalCents: 2000 });
  });
});

describe('POST /api/staff/admin-orders', () => {
  it('gives a new e-mail an account and a free eSIM, fulfilled and e-mailed, on the timeline and audited', async () => {
    const payload = body({ locale: 'de' });
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer.created).toBe(true);
    expect(answer.message).toContain(answer.order.number);
    expect(answer.order).toMatchObject({
      buyerEmail: payload.email,
      totalCents: 0,
      paymentMethod: 'free',
      purpose: 'compensation',
      reason: payload.reason,
      staffName: expect.any(String),
    });
    const [order] = await ordersOf(payload.email);
    expect(order).toMatchObject({
      kind: 'admin',
      paymentMethod: 'free',
      locale: 'de',
      discountCents: listPriceCents,
    });
    const [account] = await ctx.deps.db.select().from(users).where(eq(users.email, payload.email));
    expect(account?.id).toBe(order?.userId);
    await waitFor(async () => (await ordersOf(payload.email))[0]?.status === 'completed');
    const [esim] = await ctx.deps.db
      .select()
      .from(esims)
      .where(eq(esims.orderId, order?.id ?? ''));
    expect(esim?.userId).toBe(account?.id);
    // The set-password e-mail of a new account, and the usual confirmation with the QR code.
    const mails = await waitFor(async () => {
      const rows = await ctx.deps.db.select().from(outbox).where(eq(outbox.to, payload.email));
      return rows.length >= 2 ? rows : null;
    });
    expect(mails.some((m) => m.subject?.includes(order?.number ?? '?'))).toBe(true);
    const events = await ctx.deps.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order?.id ?? ''));
    expect(events.some((e) => e.kind === 'staff_action' && e.staffUserId === admin.user.id)).toBe(true);
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, order?.id ?? ''));
    expect(audit).toMatchObject({
      action: 'order.create_admin',
      entityType: 'order',
      staffUserId: admin.user.id,
    });
  });

  it('gives an existing customer an order at an agreed price, in their language', async () => {
    const customer = await seedUser(ctx.deps.db, { email: uniqueEmail('partner'), locale: 'fr' });
    const response = await create(body({ email: customer.email, priceCents: 999, purpose: 'partner' }));
    expect(response.statusCode, response.body).toBe(201);
    const [order] = await ordersOf(customer.email);
    expect(order).toMatchObject({
      userId: customer.id,
      totalCents: 999,
      locale: 'fr',
      discountCents: Math.max(listPriceCents - 999, 0),
    });
  });

  it('answers a double submit with the first order and creates nothing more', async () => {
    const payload = body();
    const [first, second] = await Promise.all([create(payload), create(payload)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().order.id).toBe(second.json().order.id);
    const again = await create(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(false);
    expect(await ordersOf(payload.email)).toHaveLength(1);
  });

  it('refuses a blocked or deleted customer with a translated message, writing nothing', async () => {
    const blocked = await seedUser(ctx.deps.db, { email: uniqueEmail('blocked'), status: 'blocked' });
    const deleted = await seedUser(ctx.deps.db, { email: uniqueEmail('deleted'), deletedAt: new Date() });
    for (const email of [blocked.email, deleted.email]) {
      const response = await create(body({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CUSTOMER_BLOCKED',
        errors: { email: [response.json().message] },
      });
      expect(await ordersOf(email)).toHaveLength(0);
    }
    const sq = await create(body({ email: blocked.email }), admin.auth, 'sq');
    expect(sq.json().message).not.toBe((await create(body({ email: blocked.email }))).json().message);
  });

  it('refuses an unknown package and bad input, writing nothing', async () => {
    const unknown = body({ packageSlug: 'no-such-package' });
    const missing = await create(unknown);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors.packageSlug).toHaveLength(1);
    expect(await ordersOf(unknown.email as string)).toHaveLength(0);
    for (const [field, payload] of [
      ['email', body({ email: 'not-an-address' })],
      ['reason', body({ reason: '' })],
      ['priceCents', body({ priceCents: -1 })],
      ['purpose', body({ purpose: 'gift' })],
      ['idempotencyKey', body({ idempotencyKey: 'twice' })],
      ['extra', body({ extra: true })],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, field).toBe(422);
      expect(Object.keys(response.json().errors), field).toContain(field);
    }
    const before = await ctx.deps.db.select({ id: adminOrders.orderId }).from(adminOrders);
    await create(body({ email: 'not-an-address' }));
    expect(await ctx.deps.db.select({ id: adminOrders.orderId }).from(adminOrders)).toHaveLength(
      before.length,
    );
  });
});

describe('GET /api/staff/admin-orders/packages', () => {
  it('offers sellable packages at their sale price, searched by name or code', async () => {
    const response = await get(`admin-orders/packages?q=${encodeURIComponent(slug)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toContainEqual(
      expect.objectContaining({ slug, priceCents: listPriceCents }),
    );
    expect((await get('admin-orders/packages?q=no-such-package-anywhere')).json().items).toEqual([]);
  });
});

describe('GET /api/staff/admin-orders (and .csv)', () => {
  it('lists admin orders with the staff member and reason, searched, filtered, sorted and exported', async () => {
    const payload = body({ purpose: 'test', reason: 'Checking the new provider' });
    await create(payload);
    const list = await get(`admin-orders?q=${encodeURIComponent(payload.email)}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ buyerEmail: payload.email, purpose: 'test' }] });
    expect(list.json().items[0].staffName).not.toBe('');
    const tests = (await get('admin-orders?purpose=test&pageSize=200')).json();
    expect(tests.items.every((o: { purpose: string }) => o.purpose === 'test')).toBe(true);
    const byTotal = (await get('admin-orders?sort=-totalCents&pageSize=200')).json().items;
    expect(byTotal[0].totalCents).toBeGreaterThanOrEqual(byTotal.at(-1).totalCents);
    expect((await get('admin-orders?sort=reason')).statusCode).toBe(422);
    expect((await get('admin-orders?pageSize=201')).statusCode).toBe(422);
    expect((await get('admin-orders?page=999')).statusCode).toBe(404);
    const csv = await get(`admin-orders.csv?q=${encodeURIComponent(payload.email)}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'number,status,buyerName,buyerEmail,packageName,totalCents,purpose,reason,staffName,createdAt',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Checking the new provider');
  });
});

describe('access', () => {
  it('lets only admins list, export and create admin orders', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/staff/admin-orders' },
      { method: 'GET' as const, url: '/api/staff/admin-orders.csv' },
      { method: 'GET' as const, url: '/api/staff/admin-orders/packages' },
      { method: 'POST' as const, url: '/api/staff/admin-orders', payload: body() },
    ];
    const others: Record<string, string>[] = [];
    for (const role of ['editor', 'analytics'] as const) {
      const staff = await seedStaffUser(ctx.deps.db, role, { email: uniqueEmail(role) });
      const token = await loginAs(ctx.app, 'staff', staff.email, staff.password);
      others.push({ authorization: `Bearer ${token.access_token}` });
    }
    for (const kind of ['customer', 'shop'] as const) others.push((await createSignedInUser(ctx, kind)).auth);
    for (const call of calls) {
      expect((await ctx.app.inject(call)).statusCode, call.url).toBe(401);
      for (const headers of others)
        expect((await ctx.app.inject({ ...call, headers })).statusCode, call.url).toBe(403);
    }
    expect(await ordersOf(calls[3]?.payload?.email as string)).toHaveLength(0);
  });
});
