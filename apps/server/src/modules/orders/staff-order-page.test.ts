import type { OrderTimelineEvent } from '@esim/contracts';
import { orderEvents, orders, packages, payments, refunds, seedStaffUser } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import {
  createSignedInUser,
  createTestContext,
  loginAs,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { changeOrderStatus } from './orders.repository';

// Issue 31: the order timeline (written with each change, ADR 0031) and the staff order page that shows it.
const esimProvider = createSandboxEsimProvider({ allocationDelayMs: 0 });
let ctx: TestContext;
let stopSweep: () => void;
let localSlug: string;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  ctx = await createTestContext(
    { FULFILMENT_ATTEMPTS: '1', FULFILMENT_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' },
    { esimProvider },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'local'), eq(packages.active, true)))
    .limit(1);
  if (!pkg) throw new Error('no local package');
  localSlug = pkg.slug;
  admin = await createSignedInUser(ctx, 'staff');
}, 120_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
});

const sandbox = () => {
  if (!ctx.deps.sandboxPayments) throw new Error('sandbox payments expected');
  return ctx.deps.sandboxPayments;
};
const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

const buy = async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': 'en' },
    payload: {
      packageSlug: localSlug,
      fullName: 'Drita Hoxha',
      email: uniqueEmail('buyer'),
      phoneNumber: uniquePhone(),
      humanProof: await solveHumanProof(ctx.app),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { orderId, checkoutUrl } = response.json() as { orderId: string; checkoutUrl: string };
  await sandbox().submitCard(checkoutUrl.split('/').pop() ?? '', card);
  return orderId;
};

const waitFor = async <T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const statusOf = async (orderId: string) =>
  (await ctx.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

const page = (orderId: string, headers: Record<string, string> = admin.auth) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/staff/orders/${orderId}`,
    headers: { 'accept-language': 'en', ...headers },
  });

/** Oldest first, as "kind detail" lines, for reading a timeline in a test. */
const story = (timeline: OrderTimelineEvent[]) =>
  [...timeline].reverse().map((e) => {
    switch (e.kind) {
      case 'state_changed':
        return `state ${e.detail.from ?? '-'}>${e.detail.to}`;
      case 'payment_attempt':
        return `payment ${e.detail.status}`;
      case 'provider_call':
        return `provider ${e.detail.request} ${e.detail.answer}`;
      case 'message_sent':
        return `message ${e.detail.channel}`;
      case 'refund':
        return `refund ${e.detail.status}`;
      case 'staff_action':
        return `staff ${e.detail.action}`;
      default:
        return e.kind;
    }
  });

const seedOrder = async (values: Partial<typeof orders.$inferInsert> = {}) => {
  const [row] = await ctx.deps.db
    .insert(orders)
    .values({
      number: `ES-T31-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      kind: 'esim',
      fulfilmentStatus: 'pending',
      subtotalCents: 1500,
      totalCents: 1500,
      paymentMethod: 'card',
      buyerName: 'Ana Berisha',
      buyerEmail: uniqueEmail('older'),
      locale: 'en',
      packageSnapshot: { name: 'Albania 5 GB' },
      ...values,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
};

describe('the order timeline', () => {
  it('records a purchase as it happens: order, payment, webhook, provider, e-mails, completion', async () => {
    const orderId = await buy();
    await waitFor(async () => (await statusOf(orderId)) === 'completed');
    // The confirmation e-mail is stored after completion.
    const body = await waitFor(async () => {
      const json = (await page(orderId)).json();
      return json.messages.length >= 2 ? json : null;
    });
    const lines = story(body.timeline);
    expect(lines[0]).toBe('state ->pending');
    for (const line of [
      'payment pending',
      'webhook_received',
      'payment succeeded',
      'state pending>paid',
      'message email',
      'provider order_profile ready',
      'state paid>completed',
    ])
      expect(lines, line).toContain(line);
    expect(lines.indexOf('webhook_received')).toBeLessThan(lines.indexOf('state pending>paid'));
    expect(lines.indexOf('state pending>paid')).toBeLessThan(lines.indexOf('state paid>completed'));
    // Newest first, and every event is a recorded one.
    const times = body.timeline.map((e: OrderTimelineEvent) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.timeline.every((e: OrderTimelineEvent) => e.id !== null)).toBe(true);
    const call = body.timeline.find((e: OrderTimelineEvent) => e.kind === 'provider_call');
    expect(call.detail.ms).toBeGreaterThanOrEqual(0);
    expect(call.actor).toBe('system');
  }, 90_000);

  it('writes an event in the transaction of its change: a rollback leaves neither', async () => {
    const order = await seedOrder();
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await changeOrderStatus(tx, order, 'cancelled', { actor: 'system' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await statusOf(order.id)).toBe('pending');
    expect(await ctx.deps.db.$count(orderEvents, eq(orderEvents.orderId, order.id))).toBe(0);
    await changeOrderStatus(ctx.deps.db, order, 'cancelled', { actor: 'system', reason: 'test' });
    expect(await ctx.deps.db.$count(orderEvents, eq(orderEvents.orderId, order.id))).toBe(1);
  });

  it('stores an event with a dedupe key once', async () => {
    const order = await seedOrder();
    const event = {
      kind: 'webhook_received' as const,
      actor: 'payment_provider' as const,
      detail: { provider: 'sandbox', eventId: 'evt_1', type: 'payment.succeeded' },
      dedupeKey: 'webhook:sandbox:evt_1',
    };
    await recordOrderEvent(ctx.deps.db, order.id, event);
    await recordOrderEvent(ctx.deps.db, order.id, event);
    expect(await ctx.deps.db.$count(orderEvents, eq(orderEvents.orderId, order.id))).toBe(1);
  });

  it('synthesises the timeline of an older order from its records, newest first', async () => {
    const t0 = Date.parse('2026-01-10T10:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const order = await seedOrder({
      fulfilmentStatus: 'failed',
      refundedCents: 1500,
      createdAt: at(0),
      paidAt: at(2),
      failedAt: at(10),
      updatedAt: at(20),
      failureReason: 'provider down',
    });
    const [payment] = await ctx.deps.db
      .insert(payments)
      .values([
        {
          orderId: order.id,
          provider: 'sandbox',
          sessionRef: `s-${order.id}`,
          status: 'succeeded',
          amountCents: 1500,
          createdAt: at(1),
          updatedAt: at(2),
        },
      ])
      .returning();
    await ctx.deps.db.insert(refunds).values({
      orderId: order.id,
      paymentId: payment?.id,
      amountCents: 1500,
      kind: 'order',
      status: 'succeeded',
      createdAt: at(15),
      updatedAt: at(16),
    });
    const response = await page(order.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(story(body.timeline)).toEqual([
      'state ->pending',
      'payment pending',
      'payment succeeded',
      'state pending>paid',
      'state paid>failed',
      'refund pending',
      'refund succeeded',
      'state failed>refunded',
    ]);
    expect(body.timeline.every((e: OrderTimelineEvent) => e.id === null)).toBe(true);
    expect(body.timeline[0].at).toBe(at(20).toISOString());
    expect(body.refunds).toHaveLength(1);
    expect(body.payments).toMatchObject([{ status: 'succeeded', amountCents: 1500 }]);
  });

  it("records a staff retry with the staff member and the reason, before the older order's past", async () => {
    const order = await seedOrder({
      fulfilmentStatus: 'failed',
      createdAt: new Date(Date.now() - 3_600_000),
      paidAt: new Date(Date.now() - 3_500_000),
      failedAt: new Date(Date.now() - 3_000_000),
      failureReason: 'provider down',
    });
    // The provider fails the retried attempt at once (one attempt), so the order stays put for this test.
    esimProvider.setFailureMode('error');
    try {
      const retry = await ctx.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${order.id}/retry-fulfilment`,
        headers: { ...admin.auth, 'accept-language': 'en' },
        payload: { reason: 'provider is back' },
      });
      expect(retry.statusCode, retry.body).toBe(202);
      await waitFor(async () => (await statusOf(order.id)) === 'failed');
    } finally {
      esimProvider.setFailureMode('none');
    }
    const body = (await page(order.id)).json();
    const lines = story(body.timeline);
    // Before the first recorded event, the order's row tells what it still knows (the failure time it keeps is
    // the newest one, so the first failure is not shown twice).
    expect(lines.slice(0, 2)).toEqual(['state ->pending', 'state pending>paid']);
    expect(lines.slice(2, 4)).toEqual(['staff retry_fulfilment', 'state failed>paid']);
    expect(lines.at(-1)).toBe('state paid>failed');
    const action = body.timeline.find((e: OrderTimelineEvent) => e.kind === 'staff_action');
    expect(action).toMatchObject({
      actor: 'staff',
      staff: { id: admin.user.id },
      detail: { action: 'retry_fulfilment', reason: 'provider is back' },
    });
    expect(action.staff.name).toContain(admin.user.firstName);
  }, 60_000);
});

describe('GET /api/staff/orders/:orderId', () => {
  it('answers buyer, lines and price, payments, eSIMs with usage, messages, refunds', async () => {
    const orderId = await buy();
    await waitFor(async () => (await statusOf(orderId)) === 'completed');
    const body = (await page(orderId)).json();
    expect(body).toMatchObject({
      id: orderId,
      kind: 'esim',
      status: 'completed',
      paymentMethod: 'card',
      buyer: { name: 'Drita Hoxha' },
      shop: null,
    });
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0].totalCents).toBe(body.price.subtotalCents);
    expect(body.price.totalCents).toBe(body.price.subtotalCents - body.price.discountCents);
    expect(body.payments).toMatchObject([{ provider: 'sandbox', status: 'succeeded' }]);
    expect(body.esims).toHaveLength(1);
    expect(body.esims[0]).toMatchObject({ role: 'sold' });
    expect(body.esims[0].packages[0]).toMatchObject({ orderId, dataUsedMb: 0 });
    expect(body.refunds).toEqual([]);
  }, 90_000);

  it('refuses a retry reason over 500 characters (422) and records nothing', async () => {
    const order = await seedOrder({ fulfilmentStatus: 'failed', paidAt: new Date(), failedAt: new Date() });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order.id}/retry-fulfilment`,
      headers: { ...admin.auth, 'accept-language': 'en' },
      payload: { reason: 'x'.repeat(501) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().errors)).toEqual(['reason']);
    expect(await statusOf(order.id)).toBe('failed');
    expect(await ctx.deps.db.$count(orderEvents, eq(orderEvents.orderId, order.id))).toBe(0);
  });

  it('answers 404 in the error shape for an unknown order, 422 for an id that is not one', async () => {
    const unknown = await page(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(typeof unknown.json().message).toBe('string');
    const bad = await page('not-an-id');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('is for admins: editors and analytics 403, customers and shops 403, nobody 401', async () => {
    const order = await seedOrder();
    expect((await page(order.id)).statusCode).toBe(200);
    for (const role of ['editor', 'analytics'] as const) {
      const staff = await seedStaffUser(ctx.deps.db, role, { email: uniqueEmail(role) });
      const token = await loginAs(ctx.app, 'staff', staff.email, staff.password);
      const denied = await page(order.id, { authorization: `Bearer ${token.access_token}` });
      expect(denied.statusCode, role).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
    }
    for (const kind of ['customer', 'shop'] as const)
      expect((await page(order.id, (await createSignedInUser(ctx, kind)).auth)).statusCode).toBe(403);
    const none = await ctx.app.inject({ method: 'GET', url: `/api/staff/orders/${order.id}` });
    expect(none.statusCode).toBe(401);
  });
});
