import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { PaymentSignatureError } from './port';
import { checkCard, signatureHeader, signPayload } from './sandbox';

type Delivered = { url: string; headers: Record<string, string>; body: string };
const delivered: Delivered[] = [];
const captureFetch = (async (url: string | URL | Request, init?: RequestInit) => {
  delivered.push({
    url: String(url),
    headers: init?.headers as Record<string, string>,
    body: String(init?.body),
  });
  return new Response('{}', { status: 200 });
}) as typeof fetch;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { fetch: captureFetch });
});
afterAll(async () => {
  await ctx.close();
});

const sandbox = () => {
  const payments = ctx.deps.sandboxPayments;
  if (!payments) throw new Error('sandbox payments expected');
  return payments;
};

const checkout = (orderId = `order-${Math.random()}`, locale = 'en') =>
  sandbox().createCheckout({
    orderId,
    orderNumber: 'ES-TEST-0001',
    amountCents: 1299,
    currency: 'EUR',
    description: 'Germany 5 GB, 30 days',
    customerEmail: 'buyer@example.test',
    locale,
    successUrl: 'http://localhost:3000/payment/success?session={SESSION_ID}',
    cancelUrl: 'http://localhost:3000/payment/failed?session={SESSION_ID}',
  });

const post = (sessionId: string, body: Record<string, string>, locale = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${sessionId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `lang=${locale}` },
    payload: new URLSearchParams(body).toString(),
  });

describe('card checks', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('accepts a Luhn-valid number, a future MM/YY and a 3-4 digit CVC', () => {
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual([]);
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '1234' }, now)).toEqual([]);
  });
  it('names each problem', () => {
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12' }, now)).toEqual([
      'invalidCard',
      'invalidExpiry',
      'invalidCvc',
    ]);
    expect(checkCard({ number: '', expiry: '13/30', cvc: 'abc' }, now)).toHaveLength(3);
  });
});

describe('hosted test-card page', () => {
  it("shows the amount and the test cards in the order's language, whatever the browser's cookie says", async () => {
    const { sessionId, url } = await checkout(undefined, 'de');
    expect(url).toBe(`${ctx.config.siteUrl}/sandbox/checkout/${sessionId}`);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/checkout/${sessionId}`,
      headers: { cookie: 'lang=sq' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="de"');
    expect(page.body).toContain('12,99');
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).not.toContain('<script');
  });

  it('4242 pays: signed webhook, then back to the success URL; the session reports success', async () => {
    const { sessionId } = await checkout('order-ok');
    delivered.length = 0;
    const response = await post(sessionId, { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`http://localhost:3000/payment/success?session=${sessionId}`);
    expect(delivered).toHaveLength(1);
    const hook = delivered[0];
    expect(hook?.url).toBe(`${ctx.config.siteUrl}/api/payments/webhooks/sandbox`);
    const event = sandbox().parseWebhook(Buffer.from(hook?.body ?? ''), {
      [signatureHeader]: hook?.headers[signatureHeader],
    });
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      sessionId,
      orderId: 'order-ok',
      amountCents: 1299,
    });
    expect(await sandbox().getSession(sessionId)).toMatchObject({ status: 'succeeded', amountCents: 1299 });
    // Paying again is refused: the page is closed.
    expect(
      (await post(sessionId, { number: '4242424242424242', expiry: '12/30', cvc: '123' })).statusCode,
    ).toBe(410);
  });

  it.each([
    ['4000 0000 0000 0002', 'declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
  ])('%s fails (%s) and returns to the cancel URL', async (number, reason) => {
    const { sessionId } = await checkout();
    delivered.length = 0;
    const response = await post(sessionId, { number, expiry: '12/30', cvc: '123' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toContain('/payment/failed');
    expect(await sandbox().getSession(sessionId)).toEqual({ status: 'failed', failureReason: reason });
    const hook = delivered[0];
    expect(
      sandbox().parseWebhook(Buffer.from(hook?.body ?? ''), {
        [signatureHeader]: hook?.headers[signatureHeader],
      }),
    ).toMatchObject({
      type: 'payment.failed',
      failureReason: reason,
    });
  });

  it('re-renders with translated field errors and keeps what was typed', async () => {
    const { sessionId } = await checkout(undefined, 'sq');
    const response = await post(sessionId, { number: '1234', expiry: '01/20', cvc: '' }, 'en');
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Ky numër karte nuk është i vlefshëm.');
    expect(response.body).toContain('value="1234"');
    expect(response.body).toContain('aria-invalid="true"');
    expect(await sandbox().getSession(sessionId)).toEqual({ status: 'open' });
  });

  it('answers 410 for an unknown session, in the language of the request', async () => {
    const closed = await ctx.app.inject({ method: 'GET', url: '/sandbox/checkout/nope?lang=de' });
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('lang="de"');
  });
});

describe('webhook signatures', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'refund.succeeded', refundRef: 'r', paymentRef: 'p' });
  it('rejects a wrong secret, a tampered body, an old timestamp and a missing header', () => {
    const secret = ctx.config.payments.webhookSecret;
    const parse = (raw: string, header?: string) =>
      sandbox().parseWebhook(Buffer.from(raw), header ? { [signatureHeader]: header } : {});
    expect(parse(body, signPayload(secret, body))).toMatchObject({
      type: 'refund.succeeded',
      eventId: 'evt_1',
    });
    expect(() => parse(body, signPayload('another-secret-0123456789', body))).toThrow(PaymentSignatureError);
    expect(() => parse(body.replace('"r"', '"x"'), signPayload(secret, body))).toThrow(PaymentSignatureError);
    expect(() => parse(body, signPayload(secret, body, Math.floor(Date.now() / 1000) - 301))).toThrow(
      PaymentSignatureError,
    );
    expect(() => parse(body)).toThrow(PaymentSignatureError);
  });
});
