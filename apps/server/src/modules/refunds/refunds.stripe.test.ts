import { payments, refunds, seedCompletedEsimOrder, seedUser } from '@esim/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxEsimProvider } from '../../adapters/esim/sandbox';
import { createStripePayments } from '../../adapters/payments/stripe';
import { ensureCatalogue } from '../../jobs/catalogue-sync';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/stripe.fake';
import { createSignedInUser, createTestContext, type TestContext, uniqueEmail } from '../../test/harness';

// Issue 31: staff refunds through Stripe's refund API (the adapter against the local fake Stripe): several
// refunds of one charge, each sent under its own key, each settled by the webhook that names it.
let fake: FakeStripe;
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(
    {},
    {
      esimProvider: createSandboxEsimProvider({ allocationDelayMs: 0 }),
      payments: createStripePayments({
        secretKey: 'sk_test_staff_refunds',
        webhookSecret: fake.webhookSecret,
        host: fake.host,
        port: fake.port,
        protocol: fake.protocol,
      }),
    },
  );
  await ensureCatalogue(ctx.deps, ctx.app.log);
  admin = (await createSignedInUser(ctx, 'staff')).auth;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A completed order paid through Stripe Checkout (the fake's session and payment intent, our payment row). */
const paidThroughStripe = async () => {
  const { order } = await seedCompletedEsimOrder(ctx.deps.db, {
    userId: (await seedUser(ctx.deps.db, { email: uniqueEmail('stripe-refund') })).id,
  });
  const { sessionId } = await ctx.deps.payments.createCheckout({
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.totalCents,
    currency: 'EUR',
    description: order.number,
    customerEmail: order.buyerEmail,
    locale: 'en',
    successUrl: 'https://shop.example/paid?session={SESSION_ID}',
    cancelUrl: 'https://shop.example/cancel',
  });
  const { paymentIntent } = fake.pay(sessionId);
  await ctx.deps.db.insert(payments).values({
    orderId: order.id,
    provider: 'stripe',
    sessionRef: sessionId,
    paymentRef: paymentIntent.id,
    status: 'succeeded',
    amountCents: order.totalCents,
  });
  return { order, paymentIntent };
};

const deliver = (event: { payload: string; header: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.header },
    payload: event.payload,
  });

const refundRow = async (id: string) =>
  (await ctx.deps.db.select().from(refunds).where(eq(refunds.id, id)))[0];

describe('staff refunds on Stripe', () => {
  it('sends each refund under its own key and settles each by the webhook that names it', async () => {
    const { order, paymentIntent } = await paidThroughStripe();
    // Card refunds at Stripe may stay pending; the webhook brings the outcome.
    fake.state.refundStatus = 'pending';
    const make = async (reason: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${order.id}/refunds`,
        headers: { 'accept-language': 'en', ...admin },
        payload: { amountCents: 50, kind: 'order', reason },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().refund as { id: string; status: string };
    };
    const first = await make('First part');
    const second = await make('Second part');
    expect([first.status, second.status]).toEqual(['pending', 'pending']);

    const atStripe = [...fake.state.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id);
    expect(atStripe.map((r) => r.metadata?.refund_key).sort()).toEqual(
      [`refund-${first.id}`, `refund-${second.id}`].sort(),
    );
    const secondAtStripe = atStripe.find((r) => r.metadata?.refund_key === `refund-${second.id}`);
    expect(
      (await deliver(fake.signedEvent('refund.updated', { ...secondAtStripe, status: 'succeeded' })))
        .statusCode,
    ).toBe(200);
    expect((await refundRow(second.id))?.status).toBe('succeeded');
    // The other refund of the same charge is still waiting for its own outcome.
    expect((await refundRow(first.id))?.status).toBe('pending');

    const firstAtStripe = atStripe.find((r) => r.metadata?.refund_key === `refund-${first.id}`);
    await deliver(
      fake.signedEvent('refund.updated', {
        ...firstAtStripe,
        status: 'failed',
        failure_reason: 'lost_or_stolen_card',
      }),
    );
    expect(await refundRow(first.id)).toMatchObject({
      status: 'failed',
      error: 'lost_or_stolen_card',
      errorCode: 'lost_or_stolen_card',
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/refunds?status=failed&q=${order.number}`,
      headers: admin,
    });
    expect(listed.json().items).toMatchObject([
      { id: first.id, errorCode: 'lost_or_stolen_card', error: 'lost_or_stolen_card' },
    ]);
    expect((await refundRow(second.id))?.status).toBe('succeeded');
  });

  it('keeps the reason of a refund Stripe refuses at once, in our code and in its words', async () => {
    const { order } = await paidThroughStripe();
    fake.state.refundStatus = 'failed';
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${order.id}/refunds`,
        headers: { 'accept-language': 'en', ...admin },
        payload: { amountCents: 50, kind: 'order', reason: 'Refused at once' },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().refund).toMatchObject({
        status: 'failed',
        errorCode: 'declined',
        error: 'declined',
      });
    } finally {
      fake.state.refundStatus = 'succeeded';
    }
  });
});
