import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeStripe, startFakeStripe } from '../../test/fakes/stripe.fake';
import { type CheckoutInput, PaymentSignatureError } from './port';
import { createStripePayments, failureReasonFor, stripeLocaleFor, webhookToleranceSeconds } from './stripe';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});

afterAll(async () => {
  await fake.close();
});

const secretKey = 'sk_test_adapter';

const paymentsFor = (overrides: { now?: () => number; timeoutMs?: number; webhookSecret?: string } = {}) =>
  createStripePayments({
    secretKey,
    webhookSecret: overrides.webhookSecret ?? fake.webhookSecret,
    host: fake.host,
    port: fake.port,
    protocol: fake.protocol,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    now: overrides.now,
  });

const checkoutInput = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => {
  const orderId = randomUUID();
  return {
    orderId,
    orderNumber: `ES-${orderId.slice(0, 6).toUpperCase()}`,
    amountCents: 1299,
    currency: 'EUR',
    description: 'Germany 5 GB, 30 days',
    customerEmail: 'traveller@example.com',
    locale: 'de',
    successUrl: `https://shop.example/orders/${orderId}/paid?session={SESSION_ID}`,
    cancelUrl: `https://shop.example/orders/${orderId}`,
    ...overrides,
  };
};

const sessionPostsFor = (orderId: string) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/checkout/sessions' &&
      JSON.stringify(r.body).includes(`"client_reference_id":"${orderId}"`),
  );

const headersOf = (event: { header: string }) => ({ 'stripe-signature': event.header });

describe('Stripe payments: checkout', () => {
  it('creates a Checkout Session in euro with the order in metadata and an idempotency key from the order', async () => {
    const payments = paymentsFor();
    const input = checkoutInput();
    const before = Math.floor(Date.now() / 1000);

    const session = await payments.createCheckout(input);

    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.sessionId}`);
    const [request] = sessionPostsFor(input.orderId);
    const metadata = { orderId: input.orderId, orderNumber: input.orderNumber };
    // The SDK form-encodes everything, so the fake sees strings exactly as Stripe would.
    expect(request?.body).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '1299', product_data: { name: input.description } },
        },
      ],
      customer_email: input.customerEmail,
      locale: 'de',
      client_reference_id: input.orderId,
      metadata,
      payment_intent_data: { metadata },
      success_url: `https://shop.example/orders/${input.orderId}/paid?session={CHECKOUT_SESSION_ID}`,
      cancel_url: input.cancelUrl,
    });
    expect(request?.idempotencyKey).toMatch(new RegExp(`^checkout-${input.orderId}-1299-\\d+-[0-9a-f]{16}$`));
    const { expires_at: expiresAt } = z.object({ expires_at: z.coerce.number() }).parse(request?.body);
    expect(expiresAt - before).toBeGreaterThanOrEqual(31 * 60);
    expect(expiresAt - before).toBeLessThanOrEqual(41 * 60 + 1);
    expect(fake.state.sessions.get(session.sessionId)).toMatchObject({ amount_total: 1299, currency: 'eur' });
  });

  it('returns the same session when the same order is sent twice (double-click or retry)', async () => {
    const start = Date.now();
    const payments = paymentsFor({ now: () => start });
    const input = checkoutInput();

    const first = await payments.createCheckout(input);
    const second = await payments.createCheckout(input);

    expect(second).toEqual(first);
    const posts = sessionPostsFor(input.orderId);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
    expect(
      [...fake.state.sessions.values()].filter((s) => s.client_reference_id === input.orderId),
    ).toHaveLength(1);
  });

  it('gives a buyer who comes back after the session window a fresh session instead of the expired one', async () => {
    const start = Date.now();
    let clock = start;
    const payments = paymentsFor({ now: () => clock });
    const input = checkoutInput();

    const first = await payments.createCheckout(input);
    fake.expire(first.sessionId);
    clock = start + 45 * 60_000;
    const second = await payments.createCheckout(input);

    expect(second.sessionId).not.toBe(first.sessionId);
  });

  it('makes a new session rather than an idempotency error when a detail of the order changes', async () => {
    const start = Date.now();
    const payments = paymentsFor({ now: () => start });
    const input = checkoutInput();

    const german = await payments.createCheckout(input);
    const english = await payments.createCheckout({ ...input, locale: 'en' });

    expect(english.sessionId).not.toBe(german.sessionId);
  });

  it('fake: the same idempotency key with different parameters is refused like Stripe refuses it', async () => {
    const stripe = new Stripe(secretKey, { host: fake.host, port: fake.port, protocol: fake.protocol });
    const params = (amount: number): Stripe.Checkout.SessionCreateParams => ({
      mode: 'payment',
      line_items: [
        { quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: 'eSIM' } } },
      ],
      success_url: 'https://shop.example/paid',
    });
    const idempotencyKey = `key-${randomUUID()}`;

    await stripe.checkout.sessions.create(params(1000), { idempotencyKey });

    await expect(stripe.checkout.sessions.create(params(2000), { idempotencyKey })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('maps our locale codes to the languages Checkout offers, and the rest to auto', () => {
    expect(stripeLocaleFor('at')).toBe('de');
    expect(stripeLocaleFor('se')).toBe('sv');
    expect(stripeLocaleFor('gr')).toBe('el');
    expect(stripeLocaleFor('tr')).toBe('tr');
    expect(stripeLocaleFor('sq')).toBe('auto');
    expect(stripeLocaleFor('sa')).toBe('auto');
    expect(stripeLocaleFor('mk')).toBe('auto');
    expect(stripeLocaleFor('xx')).toBe('auto');
  });
});

describe('Stripe payments: session status', () => {
  it('reports open, then succeeded with the payment intent and amount once paid', async () => {
    const payments = paymentsFor();
    const { sessionId } = await payments.createCheckout(checkoutInput({ amountCents: 2450 }));

    expect(await payments.getSession(sessionId)).toEqual({ status: 'open' });
    const { paymentIntent } = fake.pay(sessionId);

    expect(await payments.getSession(sessionId)).toEqual({
      status: 'succeeded',
      paymentRef: paymentIntent.id,
      amountCents: 2450,
    });
    const retrieve = fake.requests.findLast((r) => r.method === 'GET' && r.path.endsWith(sessionId));
    expect(retrieve?.query).toEqual({ expand: ['payment_intent'] });
  });

  it('reports a declined attempt with its reason, and a later successful card still wins', async () => {
    const payments = paymentsFor();
    const { sessionId } = await payments.createCheckout(checkoutInput());

    fake.fail(sessionId, 'insufficient_funds');
    expect(await payments.getSession(sessionId)).toEqual({
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
    fake.fail(sessionId, 'expired_card');
    expect(await payments.getSession(sessionId)).toEqual({ status: 'failed', failureReason: 'expired_card' });
    fake.fail(sessionId, 'generic_decline');
    expect(await payments.getSession(sessionId)).toEqual({ status: 'failed', failureReason: 'declined' });

    fake.pay(sessionId);
    expect(await payments.getSession(sessionId)).toMatchObject({ status: 'succeeded' });
  });

  it('reports an expired session', async () => {
    const payments = paymentsFor();
    const { sessionId } = await payments.createCheckout(checkoutInput());

    fake.expire(sessionId);

    expect(await payments.getSession(sessionId)).toEqual({ status: 'expired' });
  });

  it('rejects an unknown session with the SDK error', async () => {
    await expect(paymentsFor().getSession('cs_test_missing')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('gives up after the timeout, retrying once', async () => {
    const payments = paymentsFor({ timeoutMs: 100 });
    const { sessionId } = await payments.createCheckout(checkoutInput());
    const sent = fake.requests.length;
    fake.state.latencyMs = 1_000;
    try {
      await expect(payments.getSession(sessionId)).rejects.toBeInstanceOf(
        Stripe.errors.StripeConnectionError,
      );
    } finally {
      fake.state.latencyMs = 0;
    }
    expect(fake.requests.length - sent).toBe(2);
  });
});

describe('Stripe payments: webhooks', () => {
  const paidSession = async () => {
    const payments = paymentsFor();
    const input = checkoutInput({ amountCents: 1999 });
    const { sessionId } = await payments.createCheckout(input);
    return { payments, input, sessionId, ...fake.pay(sessionId) };
  };

  it('maps a paid checkout.session.completed to payment.succeeded', async () => {
    const { payments, input, sessionId, session, paymentIntent } = await paidSession();
    const event = fake.signedEvent('checkout.session.completed', session);

    expect(payments.parseWebhook(Buffer.from(event.payload), headersOf(event))).toEqual({
      type: 'payment.succeeded',
      eventId: event.id,
      sessionId,
      orderId: input.orderId,
      paymentRef: paymentIntent.id,
      amountCents: 1999,
    });
  });

  it('maps checkout.session.async_payment_succeeded to payment.succeeded', async () => {
    const { payments, input, session } = await paidSession();
    const event = fake.signedEvent('checkout.session.async_payment_succeeded', session);

    expect(payments.parseWebhook(Buffer.from(event.payload), headersOf(event))).toMatchObject({
      type: 'payment.succeeded',
      orderId: input.orderId,
    });
  });

  it('ignores a completed session whose delayed payment is still unpaid', async () => {
    const payments = paymentsFor();
    const { sessionId } = await payments.createCheckout(checkoutInput());
    const unpaid = { ...fake.state.sessions.get(sessionId), status: 'complete', payment_status: 'unpaid' };
    const event = fake.signedEvent('checkout.session.completed', unpaid);

    expect(payments.parseWebhook(Buffer.from(event.payload), headersOf(event))).toEqual({
      type: 'ignored',
      eventId: event.id,
      providerType: 'checkout.session.completed',
    });
  });

  it('maps checkout.session.async_payment_failed to payment.failed', async () => {
    const payments = paymentsFor();
    const input = checkoutInput();
    const { sessionId } = await payments.createCheckout(input);
    const event = fake.signedEvent(
      'checkout.session.async_payment_failed',
      fake.state.sessions.get(sessionId) ?? {},
    );

    expect(payments.parseWebhook(Buffer.from(event.payload), headersOf(event))).toEqual({
      type: 'payment.failed',
      eventId: event.id,
      sessionId,
      orderId: input.orderId,
      failureReason: 'other',
    });
  });

  it('maps payment_intent.payment_failed to payment.failed with the decline reason, by order', async () => {
    const payments = paymentsFor();
    const input = checkoutInput();
    const { sessionId } = await payments.createCheckout(input);
    const { paymentIntent } = fake.fail(sessionId, 'insufficient_funds');
    const event = fake.signedEvent('payment_intent.payment_failed', paymentIntent);

    expect(payments.parseWebhook(Buffer.from(event.payload), headersOf(event))).toEqual({
      type: 'payment.failed',
      eventId: event.id,
      sessionId: '',
      orderId: input.orderId,
      failureReason: 'insufficient_funds',
    });
  });

  it('maps checkout.session.expired to checkout.expired', async () => {
    const payments = paymentsFor();
    const input = checkoutInput();
    const { sessionId } = await payments.createCheckout(input);
    const { session } = fake.expire(sessionId);
    const event = fake.signedEvent('checkout.session.expired', session);

    expect(payments.parseWebhook(Buffer.from(event.payload), headersOf(event))).toEqual({
      type: 'checkout.expired',
      eventId: event.id,
      sessionId,
      orderId: input.orderId,
    });
  });

  it('maps refund outcomes from refund.updated and charge.refunded', async () => {
    const { payments, paymentIntent } = await paidSession();
    const refundKey = `refund-${randomUUID()}`;
    const { refundRef } = await payments.refund({
      paymentRef: paymentIntent.id,
      amountCents: 1999,
      idempotencyKey: refundKey,
    });
    const refund = fake.state.refunds.get(refundRef) ?? {};
    const parse = (type: string, object: object) => {
      const event = fake.signedEvent(type, object);
      return {
        eventId: event.id,
        result: payments.parseWebhook(Buffer.from(event.payload), headersOf(event)),
      };
    };

    const succeeded = parse('refund.updated', refund);
    expect(succeeded.result).toEqual({
      type: 'refund.succeeded',
      eventId: succeeded.eventId,
      refundRef,
      paymentRef: paymentIntent.id,
      // Our key, sent as metadata, names which of a charge's refunds this is.
      refundKey,
    });
    const failed = parse('refund.updated', {
      ...refund,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(failed.result).toEqual({
      type: 'refund.failed',
      eventId: failed.eventId,
      refundRef,
      paymentRef: paymentIntent.id,
      failureReason: 'expired_or_canceled_card',
      errorCode: 'expired_or_canceled_card',
      refundKey,
    });
    expect(parse('refund.updated', { ...refund, status: 'pending' }).result).toMatchObject({
      type: 'ignored',
    });

    const charge = { id: 'ch_test', object: 'charge', payment_intent: paymentIntent.id, refunded: true };
    expect(
      parse('charge.refunded', { ...charge, refunds: { object: 'list', data: [refund] } }).result,
    ).toMatchObject({ type: 'refund.succeeded', refundRef, paymentRef: paymentIntent.id });
    // Current API versions leave refunds out of the charge: the refund.* events carry the outcome instead.
    expect(parse('charge.refunded', charge).result).toMatchObject({
      type: 'ignored',
      providerType: 'charge.refunded',
    });
  });

  it('ignores event types we do not handle, and sessions that are not ours, keeping the event id', async () => {
    const payments = paymentsFor();
    const customer = fake.signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect(payments.parseWebhook(Buffer.from(customer.payload), headersOf(customer))).toEqual({
      type: 'ignored',
      eventId: customer.id,
      providerType: 'customer.created',
    });

    const { session } = await paidSession();
    const foreign = fake.signedEvent('checkout.session.completed', {
      ...session,
      metadata: {},
      client_reference_id: null,
    });
    expect(payments.parseWebhook(Buffer.from(foreign.payload), headersOf(foreign))).toMatchObject({
      type: 'ignored',
      eventId: foreign.id,
    });
  });

  it('rejects a wrong secret, a tampered body, a stale timestamp and a missing header', async () => {
    const { payments, session } = await paidSession();
    const parse = (payload: string, header?: string) => () =>
      payments.parseWebhook(Buffer.from(payload), header ? { 'stripe-signature': header } : {});

    const forged = fake.signedEvent('checkout.session.completed', session, { secret: 'whsec_attacker' });
    expect(parse(forged.payload, forged.header)).toThrow(PaymentSignatureError);

    const genuine = fake.signedEvent('checkout.session.completed', session);
    const tampered = genuine.payload.replace('"amount_total":1999', '"amount_total":1');
    expect(tampered).not.toBe(genuine.payload);
    expect(parse(tampered, genuine.header)).toThrow(PaymentSignatureError);

    const now = Math.floor(Date.now() / 1000);
    const stale = fake.signedEvent('checkout.session.completed', session, {
      timestamp: now - webhookToleranceSeconds - 5,
    });
    expect(parse(stale.payload, stale.header)).toThrow(PaymentSignatureError);
    const late = fake.signedEvent('checkout.session.completed', session, { timestamp: now - 240 });
    expect(parse(late.payload, late.header)()).toMatchObject({ type: 'payment.succeeded' });

    expect(parse(genuine.payload)).toThrow(PaymentSignatureError);
  });

  it('verifies deliveries on a Fastify route that keeps the raw body', async () => {
    const { payments, input, session } = await paidSession();
    const app = Fastify();
    // Signatures cover the exact bytes Stripe sent, so this route must not let Fastify parse the JSON.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    app.post('/api/webhooks/stripe', async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.code(400).send();
      try {
        return payments.parseWebhook(request.body, request.headers);
      } catch (error) {
        if (error instanceof PaymentSignatureError) return reply.code(400).send({ code: 'BAD_SIGNATURE' });
        throw error;
      }
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `${address}/api/webhooks/stripe`;
      const good = await fake.sendWebhook(url, fake.signedEvent('checkout.session.completed', session));
      expect(good.status).toBe(200);
      expect(JSON.parse(good.body)).toMatchObject({ type: 'payment.succeeded', orderId: input.orderId });

      const bad = await fake.sendWebhook(
        url,
        fake.signedEvent('checkout.session.completed', session, { secret: 'whsec_attacker' }),
      );
      expect(bad.status).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('Stripe payments: refunds', () => {
  it('refunds once per idempotency key and refuses more than was paid', async () => {
    const payments = paymentsFor();
    const { sessionId } = await payments.createCheckout(checkoutInput({ amountCents: 1500 }));
    const { paymentIntent } = fake.pay(sessionId);
    const idempotencyKey = `refund-${randomUUID()}`;

    const first = await payments.refund({ paymentRef: paymentIntent.id, amountCents: 1000, idempotencyKey });
    const again = await payments.refund({ paymentRef: paymentIntent.id, amountCents: 1000, idempotencyKey });

    expect(first).toEqual({ refundRef: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(again).toEqual(first);
    expect(
      [...fake.state.refunds.values()].filter((r) => r.payment_intent === paymentIntent.id),
    ).toHaveLength(1);
    const posts = fake.requests.filter(
      (r) => r.path === '/v1/refunds' && r.idempotencyKey === idempotencyKey,
    );
    const body = {
      payment_intent: paymentIntent.id,
      amount: '1000',
      metadata: { refund_key: idempotencyKey },
    };
    expect(posts.map((r) => r.body)).toEqual([body, body]);

    await expect(
      payments.refund({
        paymentRef: paymentIntent.id,
        amountCents: 1000,
        idempotencyKey: `refund-${randomUUID()}`,
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('reports a refund Stripe has not settled yet as pending', async () => {
    const payments = paymentsFor();
    const { sessionId } = await payments.createCheckout(checkoutInput());
    const { paymentIntent } = fake.pay(sessionId);
    fake.state.refundStatus = 'pending';
    try {
      const refund = await payments.refund({
        paymentRef: paymentIntent.id,
        amountCents: 500,
        idempotencyKey: `refund-${randomUUID()}`,
      });
      expect(refund.status).toBe('pending');
    } finally {
      fake.state.refundStatus = 'succeeded';
    }
  });
});

describe('failureReasonFor', () => {
  it('prefers the decline code and falls back to other', () => {
    expect(failureReasonFor({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'insufficient_funds',
    );
    expect(failureReasonFor({ code: 'card_declined', decline_code: 'do_not_honor' })).toBe('declined');
    expect(failureReasonFor({ code: 'processing_error' })).toBe('processing_error');
    expect(failureReasonFor({ code: 'incorrect_cvc' })).toBe('other');
    expect(failureReasonFor(null)).toBe('other');
  });
});
