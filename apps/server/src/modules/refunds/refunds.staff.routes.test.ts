import {
  auditLog,
  creditLedger,
  orderEvents,
  orders,
  refunds,
  sandboxRefunds,
  seedCompletedEsimOrder,
  seedShop,
  seedUser,
  shops,
} from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsimProviderError } from '../../adapters/esim/port';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { setSandboxFailRefunds } from '../../adapters/payments/sandbox.repository';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { signInAs } from '../../test/callers';
import { createSignedInUser, createTestContext, type TestContext, uniqueEmail } from '../../test/harness';
import { postEntries } from '../credits/credits.service';
import { seedPaidCardOrder } from '../test-support/test-support.repository';

// Issue 31, refunds: the staff refund of an order (full, partial, never above what is left), its retry under the
// same key, the client refund, the refund lists and the sandbox's failure switch. The concurrency proof on
// PostgreSQL is refunds.concurrency.test.ts.
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({}, { esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }) });
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const newCustomer = () => seedUser(ctx.deps.db, { email: uniqueEmail('refund-buyer') });
const paidOrder = async (options: { installed?: boolean } = {}) =>
  (await seedPaidCardOrder(ctx.deps.db, { userId: (await newCustomer()).id, ...options })).order;

const refund = (orderId: string, payload: unknown, headers = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${orderId}/refunds`,
    headers: { 'accept-language': 'en', ...headers },
    payload: payload as Record<string, unknown>,
  });
const quote = async (orderId: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/staff/orders/${orderId}/refunds`,
    headers: { 'accept-language': 'en', ...admin },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const statusOf = async (orderId: string) =>
  (await ctx.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const refundsOf = (orderId: string) => ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('POST /api/staff/orders/:orderId/refunds', () => {
  it('refunds in part, then the rest; a third refund is refused and changes nothing', async () => {
    const order = await paidOrder();
    const part = Math.floor(order.totalCents / 3);
    const first = await refund(order.id, { amountCents: part, kind: 'order', reason: 'Customer asked' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().refund).toMatchObject({ amountCents: part, status: 'succeeded', kind: 'order' });
    expect(first.json().message).toContain(order.number);
    expect(await statusOf(order.id)).toBe('partially_refunded');
    expect((await quote(order.id)).refundableCents).toBe(order.totalCents - part);

    const rest = await refund(order.id, { amountCents: 'full', kind: 'order', reason: 'The rest too' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().refund.amountCents).toBe(order.totalCents - part);
    expect(await statusOf(order.id)).toBe('refunded');

    const third = await refund(order.id, { amountCents: 100, kind: 'order', reason: 'Once more' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'ORDER_NOT_REFUNDABLE',
      message: 'This order is already refunded in full: nothing is left to refund.',
    });
    expect(await refundsOf(order.id)).toHaveLength(2);

    // Each reached the sandbox once under its own key, and both are on the timeline and in the audit log.
    const rows = await refundsOf(order.id);
    for (const row of rows)
      expect(
        await ctx.deps.db.$count(sandboxRefunds, eq(sandboxRefunds.idempotencyKey, `refund-${row.id}`)),
      ).toBe(1);
    expect(
      await ctx.deps.db.$count(
        orderEvents,
        and(
          eq(orderEvents.orderId, order.id),
          eq(orderEvents.kind, 'refund'),
          eq(orderEvents.actor, 'staff'),
        ),
      ),
    ).toBe(2);
    expect(
      await ctx.deps.db.$count(
        auditLog,
        and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.refund')),
      ),
    ).toBe(2);
  });

  it('answers a double click (the same refund again at once) with the first refund', async () => {
    const order = await paidOrder();
    const body = { amountCents: 100, kind: 'order', reason: 'Double click' };
    const [a, b] = [await refund(order.id, body), await refund(order.id, body)];
    expect(a.json().refund.id).toBe(b.json().refund.id);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it('refuses a refund above what is left, with the maximum, and changes nothing', async () => {
    const order = await paidOrder();
    const response = await refund(order.id, {
      amountCents: order.totalCents + 1,
      kind: 'order',
      reason: 'Too much',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'REFUND_ABOVE_REFUNDABLE',
      message: `The refund is more than what is left to refund: at most ${(order.totalCents / 100).toFixed(2)} EUR.`,
    });
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('refuses an unpaid order', async () => {
    const order = await paidOrder();
    await ctx.deps.db
      .update(orders)
      .set({ fulfilmentStatus: 'pending', paidAt: null })
      .where(eq(orders.id, order.id));
    const response = await refund(order.id, { amountCents: 'full', kind: 'order', reason: 'Not paid' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ORDER_NOT_REFUNDABLE');
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('refuses bad bodies: unknown fields, no reason, a zero amount, an unknown kind', async () => {
    const order = await paidOrder();
    for (const body of [
      { amountCents: 100, kind: 'order', reason: 'Valid', extra: true },
      { amountCents: 100, kind: 'order' },
      { amountCents: 0, kind: 'order', reason: 'Zero' },
      { amountCents: 100, kind: 'duplicate_payment', reason: 'Automatic only' },
    ]) {
      const response = await refund(order.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('asks for an override reason when the policy does not cover the order (installed eSIM)', async () => {
    const order = await paidOrder({ installed: true });
    expect((await quote(order.id)).policy).toEqual({ days: 14, verdict: 'installed' });
    const refused = await refund(order.id, { amountCents: 'full', kind: 'order', reason: 'Unhappy' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('REFUND_POLICY_OVERRIDE_REQUIRED');
    const overridden = await refund(order.id, {
      amountCents: 'full',
      kind: 'order',
      reason: 'Unhappy',
      policyOverrideReason: 'Network outage in the destination',
    });
    expect(overridden.statusCode, overridden.body).toBe(201);
    expect(overridden.json().refund.policyOverrideReason).toBe('Network outage in the destination');
  });

  it('cancels an unused package first for a deleted-package refund and records the cost recovered', async () => {
    const order = await paidOrder();
    const before = await quote(order.id);
    expect(before.packageUnused).toBe(true);
    const response = await refund(order.id, {
      amountCents: 'full',
      kind: 'deleted_package',
      reason: 'Unused',
    });
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json().refund;
    expect(made.providerCostRecoveredCents).toBe(before.packageCostCents);
    expect(made.netLossCents).toBe(order.totalCents - before.packageCostCents);
  });

  it("stops with the eSIM provider's reason when it refuses to cancel, and refunds nothing", async () => {
    const order = await paidOrder();
    const { cancel } = ctx.deps.esimProvider;
    ctx.deps.esimProvider.cancel = async () => {
      throw new EsimProviderError('the profile was already downloaded', false, '200002');
    };
    try {
      const response = await refund(order.id, {
        amountCents: 'full',
        kind: 'deleted_package',
        reason: 'Unused',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ESIM_PACKAGE_NOT_CANCELLABLE',
        message:
          'The eSIM provider refused to cancel the package (the profile was already downloaded). Nothing was refunded.',
      });
    } finally {
      ctx.deps.esimProvider.cancel = cancel;
    }
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect((await quote(order.id)).packageUnused).toBe(true);
    expect(await statusOf(order.id)).toBe('completed');
  });

  it('refuses to cancel a package in use, and refunds nothing', async () => {
    const order = await paidOrder({ installed: true });
    const response = await refund(order.id, {
      amountCents: 'full',
      kind: 'deleted_package',
      reason: 'Delete it',
      policyOverrideReason: 'Asked by support',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ESIM_PACKAGE_NOT_CANCELLABLE');
    expect(await refundsOf(order.id)).toHaveLength(0);
  });
});

describe('a shop-credit order', () => {
  it("refunds to the shop's ledger in the same transaction, without the payment provider", async () => {
    const shop = await seedShop(ctx.deps.db);
    const { order } = await seedCompletedEsimOrder(ctx.deps.db, { userId: (await newCustomer()).id });
    await ctx.deps.db
      .update(orders)
      .set({ userId: null, shopId: shop.id, paymentMethod: 'credits' })
      .where(eq(orders.id, order.id));
    await ctx.deps.db.transaction((tx) =>
      postEntries(tx, {
        shopId: shop.id,
        orderId: null,
        movements: [
          { kind: 'adjustment', bucket: 'credit', amountCents: 10_000, idempotencyKey: `fund:${shop.id}` },
        ],
      }),
    );
    const response = await refund(order.id, {
      amountCents: 150,
      kind: 'order',
      reason: 'Subscriber left early',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund.status).toBe('succeeded');
    const [entry] = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.orderId, order.id), eq(creditLedger.kind, 'refund')));
    expect(entry).toMatchObject({ amountCents: 150, bucket: 'credit', creditAfterCents: 10_150 });
    const [balance] = await ctx.deps.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(balance?.creditCents).toBe(10_150);
    expect(
      await ctx.deps.db.$count(
        sandboxRefunds,
        eq(sandboxRefunds.idempotencyKey, `refund-${response.json().refund.id}`),
      ),
    ).toBe(0);
  });
});

describe('a failed refund and its retry', () => {
  it('is listed with its error, retried once under the same key, and a second retry is refused', async () => {
    const order = await paidOrder();
    await setSandboxFailRefunds(ctx.deps.db, true);
    const failed = await refund(order.id, { amountCents: 'full', kind: 'order', reason: 'Will fail' });
    await setSandboxFailRefunds(ctx.deps.db, false);
    expect(failed.statusCode, failed.body).toBe(201);
    const made = failed.json().refund;
    expect(made.status).toBe('failed');
    // Our code for staff to read translated, and the provider's own words beside it (ADR 0081).
    expect(made.errorCode).toBe('provider_unavailable');
    expect(made.error).toContain('switched to fail');

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/refunds?status=failed&q=${order.number}`,
      headers: admin,
    });
    expect(list.json().items.map((r: { id: string }) => r.id)).toEqual([made.id]);
    expect(list.json().items[0]).toMatchObject({ errorCode: 'provider_unavailable', error: made.error });
    // The order's page has the same on its refunds and on its timeline's failed refund.
    const page = (
      await ctx.app.inject({ method: 'GET', url: `/api/staff/orders/${order.id}`, headers: admin })
    ).json();
    expect(page.refunds).toMatchObject([
      { id: made.id, errorCode: 'provider_unavailable', error: made.error },
    ]);
    expect(
      page.timeline.find(
        (e: { kind: string; detail: { status?: string } }) =>
          e.kind === 'refund' && e.detail.status === 'failed',
      ),
    ).toMatchObject({ detail: { errorCode: 'provider_unavailable', error: made.error } });

    const retry = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${order.id}/refunds/${made.id}/retry`,
        headers: { 'accept-language': 'en', ...admin },
      });
    const first = await retry();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refund).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      error: null,
      errorCode: null,
    });
    const second = await retry();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'REFUND_ALREADY_SUCCEEDED',
      message: 'This refund already succeeded: it is not sent again.',
    });
    expect(
      await ctx.deps.db.$count(sandboxRefunds, eq(sandboxRefunds.idempotencyKey, `refund-${made.id}`)),
    ).toBe(1);
    // Retried, it has left the failed list (a search with no match answers an empty page).
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/refunds?status=failed&q=${order.number}`,
      headers: admin,
    });
    expect(after.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('POST /api/staff/clients/:clientId/refunds', () => {
  it('refunds every refundable order of a client, each its own refund, and refuses when nothing is left', async () => {
    const client = await newCustomer();
    const a = await seedPaidCardOrder(ctx.deps.db, { userId: client.id });
    const b = await seedPaidCardOrder(ctx.deps.db, { userId: client.id });
    const call = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/staff/clients/${client.id}/refunds`,
        headers: { 'accept-language': 'en', ...admin },
        payload: { reason: 'Closing the account' },
      });
    const response = await call();
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json().refunds as { orderId: string; kind: string }[];
    expect(made.map((r) => r.orderId).sort()).toEqual([a.order.id, b.order.id].sort());
    expect(made.every((r) => r.kind === 'full_client')).toBe(true);
    const again = await call();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_REFUNDABLE');
  });
});

describe('GET /api/staff/refunds (+ .csv)', () => {
  it('filters by kind and status and exports exactly the filtered rows', async () => {
    const order = await paidOrder();
    await refund(order.id, { amountCents: 'full', kind: 'changed_esim', reason: 'Changed eSIM' });
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/refunds?kind=changed_esim',
      headers: admin,
    });
    expect(page.statusCode).toBe(200);
    const items = page.json().items as { kind: string; orderNumber: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((r) => r.kind === 'changed_esim')).toBe(true);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/refunds.csv?kind=changed_esim&q=${order.number}`,
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('orderNumber');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order.number);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/staff/refunds?sort=error', headers: admin });
    expect(bad.statusCode).toBe(422);
  });
});

describe('access: admin only', () => {
  it('refuses editor and analytics (403) and a signed-out caller (401) on every refund endpoint', async () => {
    const order = await paidOrder();
    const client = await newCustomer();
    const calls = [
      { method: 'GET', url: '/api/staff/refunds' },
      { method: 'GET', url: '/api/staff/refunds.csv' },
      { method: 'GET', url: `/api/staff/orders/${order.id}/refunds` },
      { method: 'POST', url: `/api/staff/orders/${order.id}/refunds` },
      { method: 'POST', url: `/api/staff/orders/${order.id}/refunds/${order.id}/retry` },
      { method: 'POST', url: `/api/staff/clients/${client.id}/refunds` },
      { method: 'GET', url: '/api/staff/refunds/sandbox' },
      { method: 'PUT', url: '/api/staff/refunds/sandbox' },
    ] as const;
    for (const [kind, status] of [
      ['editor', 403],
      ['analytics', 403],
      ['none', 401],
    ] as const) {
      const headers = await signInAs(ctx, kind);
      for (const call of calls) {
        const response = await ctx.app.inject({
          ...call,
          headers,
          ...(call.method === 'GET'
            ? {}
            : { payload: { amountCents: 'full', kind: 'order', reason: 'No way' } }),
        });
        expect(response.statusCode, `${kind} ${call.method} ${call.url}`).toBe(status);
      }
    }
    expect(await refundsOf(order.id)).toHaveLength(0);
  });

  it('lets an admin switch the sandbox to fail refunds and back', async () => {
    const set = (failRefunds: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/staff/refunds/sandbox',
        headers: admin,
        payload: { failRefunds },
      });
    expect((await set(true)).json()).toEqual({ available: true, failRefunds: true });
    expect((await set(false)).json()).toEqual({ available: true, failRefunds: false });
  });
});
