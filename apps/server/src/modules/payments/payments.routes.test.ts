import { orders, packages, payments, webhookEvents } from '@esim/db';
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

// The whole checkout on the Stripe adapter, against the local fake Stripe API with SDK-signed webhooks.
let fake: FakeStripe;
let ctx: TestContext;
let stopSweep: () => void;
let slug: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(
    { JOB_POLL_SECONDS: '0.5' },
    {
      esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }),
      payments: createStripePayments({
        secretKey: 'sk_test_checkout',
        webhookSecret: fake.webhookSecret,
        host: fake.host,
        port: fake.port,
        protocol: fake.protocol,
      }),
    },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  stopSweep = await startFulfilment(ctx.deps, ctx.app.log);
  const [pkg] = await ctx.deps.db
    .select()
    .from(packages)
    .where(and(eq(packages.type, 'regional')))
    .limit(1);
  slug = pkg?.slug ?? '';
}, 60_000);
afterAll(async () => {
  stopSweep?.();
  await ctx?.close();
  await fake?.close();
});

const placeOrder = async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      packageSlug: slug,
      humanProof: await solveHumanProof(ctx.app),
      fullName: 'Luan Berisha',
      email: uniqueEmail('stripe'),
      phoneNumber: uniquePhone(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { orderId: string; checkoutUrl: string; totalCents: number };
  const [payment] = await ctx.deps.db.select().from(payments).where(eq(payments.orderId, body.orderId));
  return { ...body, sessionId: payment?.sessionRef ?? '' };
};

const deliver = (event: { payload: string; header: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });

const statusOf = async (orderId: string) =>
  (await ctx.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

const waitForStatus = async (orderId: string, status: string) => {
  const deadline = Date.now() + 15_000;
  while ((await statusOf(orderId)) !== status) {
    if (Date.now() > deadline) throw new Error(`order not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('POST /api/payments/webhooks/stripe', () => {
  it('opens a Stripe Checkout Session for the order total', async () => {
    const order = await placeOrder();
    expect(order.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
    expect(fake.state.sessions.get(order.sessionId)?.amount_total).toBe(order.totalCents);
  });

  it('confirms a paid session from the signed webhook, once, and fulfils the order', async () => {
    const order = await placeOrder();
    const { session } = fake.pay(order.sessionId);
    const event = fake.signedEvent('checkout.session.completed', session);
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await deliver(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    await waitForStatus(order.orderId, 'completed');
    expect(await ctx.deps.db.$count(webhookEvents, eq(webhookEvents.eventId, event.id))).toBe(1);
  });

  it('answers 400 to a wrong signature or a stale one, and changes nothing', async () => {
    const order = await placeOrder();
    const { session } = fake.pay(order.sessionId);
    const forged = fake.signedEvent('checkout.session.completed', session, { secret: 'whsec_not_ours' });
    expect((await deliver(forged)).statusCode).toBe(400);
    const stale = fake.signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await deliver(stale)).statusCode).toBe(400);
    expect(await statusOf(order.orderId)).toBe('pending');
    // The return URL still confirms it with Stripe (first wins, whichever door).
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderId}/confirm`,
      payload: { sessionId: order.sessionId },
    });
    expect(confirm.json().outcome).toBe('succeeded');
    await waitForStatus(order.orderId, 'completed');
  });

  it('refuses the sandbox route while Stripe is the provider', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
  });
});
