import { orderViewHeader } from '@esim/contracts';
import { orders, packages, payments, refunds } from '@esim/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { createStripePayments } from '../../adapters/payments/stripe';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { startFulfilment } from '../../jobs/fulfilment';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/stripe.fake';
import {
  createTestContext,
  solveHumanProof,
  type TestContext,
  uniqueEmail,
  uniquePhone,
} from '../../test/harness';

// Issue 13, "one order, one charge", on the Stripe adapter against the local fake Stripe API.
let fake: FakeStripe;
let ctx: TestContext;
let stopSweep: () => void;
let slug: string;
// The adapter's clock: a retry 10 minutes later falls in a new expiry window, so Stripe makes a new session.
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5' },
    {
      esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }),
      payments: createStripePayments({
        secretKey: 'sk_test_one_charge',
        webhookSecret: fake.webhookSecret,
        host: fake.host,
        port: fake.port,
        protocol: fake.protocol,
        now: () => clock,
      }),
    },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db.select().from(packages).where(eq(packages.active, true)).limit(1);
  slug = pkg?.slug ?? '';
}, 180_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
  await fake?.close();
});

const sessionsOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(payments).where(eq(payments.orderId, orderId))).map((p) => p.sessionRef);

const placeOrder = async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      packageSlug: slug,
      humanProof: await solveHumanProof(ctx.app),
      fullName: 'Besa Gashi',
      email: uniqueEmail('stripe-tabs'),
      phoneNumber: uniquePhone(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { orderId: string; totalCents: number; viewToken: string };
  viewTokens.set(body.orderId, body.viewToken);
  return { ...body, sessionId: (await sessionsOf(body.orderId))[0] ?? '' };
};

/** Each order's view token from its creation: the proof "try again" needs (ADR 0013). */
const viewTokens = new Map<string, string>();
const retryPayment = (orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/retry-payment`,
    headers: { [orderViewHeader]: viewTokens.get(orderId) ?? '' },
  });

/** "Try again" in another tab, 10 minutes later. */
const retryLater = async (orderId: string) => {
  clock += 10 * 60_000;
  const response = await retryPayment(orderId);
  expect(response.statusCode, response.body).toBe(200);
  const sessions = await sessionsOf(orderId);
  const checkoutUrl = (response.json() as { checkoutUrl: string }).checkoutUrl;
  return sessions.find((id) => checkoutUrl.endsWith(id)) ?? '';
};

const deliver = (event: { payload: string; header: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });

const waitForStatus = async (orderId: string, status: string) => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (row?.status === status) return;
    if (Date.now() > deadline) throw new Error(`order not ${status} (is ${row?.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('two checkouts for one order (Stripe)', () => {
  it('expires the open Checkout Session at Stripe when a new one opens', async () => {
    const order = await placeOrder();
    const second = await retryLater(order.orderId);
    expect(second).not.toBe(order.sessionId);
    expect(fake.state.sessions.get(order.sessionId)?.status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${order.sessionId}/expire`)).toBe(
      true,
    );
    expect(() => fake.pay(order.sessionId)).toThrow(/expired/);
    const [row] = await ctx.deps.db.select().from(payments).where(eq(payments.sessionRef, order.sessionId));
    expect(row?.status).toBe('expired');
    // A double-click in the same window gets the same open session, which is not expired.
    const again = await retryPayment(order.orderId);
    expect(again.statusCode).toBe(200);
    expect(fake.state.sessions.get(second)?.status).toBe('open');
  });

  it('pays both tabs: one charge kept, one refunded once however often the webhooks arrive', async () => {
    const order = await placeOrder();
    // Tab 1 is paid at Stripe a moment before tab 2's "try again": the expiry finds it no longer open.
    const first = fake.pay(order.sessionId);
    const secondId = await retryLater(order.orderId);
    const second = fake.pay(secondId);
    const events = [
      fake.signedEvent('checkout.session.completed', first.session),
      fake.signedEvent('checkout.session.completed', second.session),
    ];
    for (let i = 0; i < 4; i++) {
      for (const event of events) expect((await deliver(event)).statusCode).toBe(200);
    }
    // The return page of the second tab changes nothing more.
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/confirm`,
      headers: { 'accept-language': 'en' },
      payload: { sessionId: secondId },
    });
    expect(back.json()).toMatchObject({
      outcome: 'refunded',
      viewToken: null,
      message: expect.stringContaining('This order was paid twice'),
    });
    await waitForStatus(order.orderId, 'completed');

    // The fake Stripe account is shared by the whole file: count only the refunds of this order's two charges.
    const ownCharges = [first.paymentIntent.id, second.paymentIntent.id];
    const stripeRefunds = [...fake.state.refunds.values()].filter((r) =>
      ownCharges.includes(r.payment_intent),
    );
    expect(stripeRefunds).toHaveLength(1);
    expect(stripeRefunds[0]).toMatchObject({
      payment_intent: second.paymentIntent.id,
      amount: order.totalCents,
    });
    const rows = await ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'duplicate_payment',
        status: 'succeeded',
        providerRef: stripeRefunds[0]?.id,
      }),
    ]);
    // Stripe's refund webhook agrees, and its replay changes nothing.
    const refundEvent = fake.signedEvent('charge.refunded', {
      id: 'ch_test',
      object: 'charge',
      refunds: { object: 'list', data: [stripeRefunds[0]] },
    });
    expect((await deliver(refundEvent)).statusCode).toBe(200);
    expect((await deliver(refundEvent)).json()).toEqual({ received: true, duplicate: true });
    expect(
      await ctx.deps.db.$count(
        refunds,
        and(eq(refunds.orderId, order.orderId), eq(refunds.status, 'succeeded')),
      ),
    ).toBe(1);
  });

  it('records a refund Stripe could not take as failed, for staff to retry', async () => {
    const order = await placeOrder();
    const first = fake.pay(order.sessionId);
    const secondId = await retryLater(order.orderId);
    const second = fake.pay(secondId);
    fake.state.refundStatus = 'failed';
    try {
      await deliver(fake.signedEvent('checkout.session.completed', first.session));
      await deliver(fake.signedEvent('checkout.session.completed', second.session));
    } finally {
      fake.state.refundStatus = 'succeeded';
    }
    const rows = await ctx.deps.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(rows).toEqual([expect.objectContaining({ kind: 'duplicate_payment', status: 'failed' })]);
  });
});
