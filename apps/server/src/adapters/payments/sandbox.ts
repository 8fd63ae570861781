import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@esim/db';
import { z } from 'zod';
import { isLuhnValid } from '../esim/sandbox';
import {
  type PaymentEvent,
  type PaymentFailureReason,
  PaymentSignatureError,
  type PaymentsProvider,
  type RefundFailure,
  type SessionStatus,
} from './port';
import {
  addSandboxRefund,
  claimSandboxPayment,
  expireSandboxSession,
  failSandboxPayment,
  getSandboxFailRefunds,
  getSandboxSession,
  insertSandboxSession,
} from './sandbox.repository';

/** What the sandbox says when its refunds are switched to fail (it answers like a provider that is down). */
export const sandboxRefundsSwitchedOff = 'sandbox: refunds are switched to fail (payments sandbox)';

/**
 * The sandbox's refund failures in our codes (ADR 0081): whatever a refund call threw (the switch, or the
 * sandbox's own store failing) is the provider being unavailable; a retry under the same key goes through.
 */
export const sandboxRefundErrorOf = (error: unknown): RefundFailure => ({
  code: 'provider_unavailable',
  message: (error instanceof Error ? error.message : String(error)).slice(0, 500),
});

/** Test cards, as Stripe's test mode knows them. Any other Luhn-valid number is declined. */
export const sandboxCards: Record<
  string,
  { outcome: 'succeeded' } | { outcome: 'failed'; reason: PaymentFailureReason }
> = {
  '4242424242424242': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'failed', reason: 'declined' },
  '4000000000009995': { outcome: 'failed', reason: 'insufficient_funds' },
};

export const signatureHeader = 'sandbox-signature';
const toleranceSeconds = 300;
const sessionTtlMs = 30 * 60_000;

export type CardInput = { number: string; expiry: string; cvc: string };
export type CardProblem = 'invalidCard' | 'invalidExpiry' | 'invalidCvc';

/** What the hosted page checks before "charging": the same checks a card form does. */
export const checkCard = (card: CardInput, now = new Date()): CardProblem[] => {
  const problems: CardProblem[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) problems.push('invalidCard');
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  // A card is valid through the last day of its expiry month.
  if (!expiry || month < 1 || month > 12 || new Date(Date.UTC(year, month, 1)) <= now)
    problems.push('invalidExpiry');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.push('invalidCvc');
  return problems;
};

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string(),
    type: z.literal('payment.succeeded'),
    sessionId: z.string(),
    orderId: z.string(),
    paymentRef: z.string(),
    amountCents: z.number().int(),
  }),
  z.object({
    id: z.string(),
    type: z.literal('payment.failed'),
    sessionId: z.string(),
    orderId: z.string(),
    failureReason: z.enum(['declined', 'insufficient_funds', 'expired_card', 'processing_error', 'other']),
  }),
  z.object({
    id: z.string(),
    type: z.literal('refund.succeeded'),
    refundRef: z.string(),
    paymentRef: z.string(),
    refundKey: z.string().optional(),
  }),
]);
type SandboxEvent = z.infer<typeof eventSchema>;

export const signPayload = (secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export type SandboxPaymentsOptions = {
  db: Db;
  /** Origin of the hosted test-card page (our site). */
  siteUrl: string;
  /** Where the sandbox posts its signed webhooks (our payments webhook route). */
  webhookUrl: string;
  webhookSecret: string;
  fetch?: typeof fetch;
  onWebhookError?: (error: unknown) => void;
};

/**
 * The default payment provider: a hosted test-card page on our own origin that behaves like a real provider.
 * It records sessions in its own table, "charges" test cards, then notifies us with a signed webhook and
 * sends the buyer back to the return URL (which confirms too).
 */
export const createSandboxPayments = (options: SandboxPaymentsOptions) => {
  const send = options.fetch ?? fetch;

  const deliver = async (event: SandboxEvent) => {
    const payload = JSON.stringify(event);
    try {
      const response = await send(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [signatureHeader]: signPayload(options.webhookSecret, payload),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
    } catch (error) {
      // The return URL confirms the payment too; a lost webhook delays nothing the buyer sees.
      options.onWebhookError?.(error);
    }
  };

  const getRow = (sessionId: string) => getSandboxSession(options.db, sessionId);

  const provider: PaymentsProvider = {
    name: 'sandbox',
    createCheckout: async (input) => {
      const sessionId = id('sbx_cs');
      await insertSandboxSession(options.db, {
        id: sessionId,
        orderId: input.orderId,
        orderNumber: input.orderNumber,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        customerEmail: input.customerEmail,
        locale: input.locale,
        successUrl: input.successUrl.replace('{SESSION_ID}', sessionId),
        cancelUrl: input.cancelUrl.replace('{SESSION_ID}', sessionId),
        expiresAt: new Date(Date.now() + sessionTtlMs),
      });
      return { sessionId, url: `${options.siteUrl}/sandbox/checkout/${sessionId}` };
    },
    expireCheckout: async (sessionId) =>
      (await expireSandboxSession(options.db, sessionId)) ? 'expired' : 'not_open',
    getSession: async (sessionId): Promise<SessionStatus> => {
      const row = await getRow(sessionId);
      if (!row) throw new Error(`sandbox: unknown checkout session ${sessionId}`);
      if (row.status === 'succeeded' && row.paymentRef)
        return { status: 'succeeded', paymentRef: row.paymentRef, amountCents: row.amountCents };
      if (row.status === 'failed')
        return {
          status: 'failed',
          failureReason: (row.failureReason as PaymentFailureReason | null) ?? 'other',
        };
      if (row.status === 'expired' || row.expiresAt.getTime() < Date.now()) return { status: 'expired' };
      return { status: 'open' };
    },
    parseWebhook: (rawBody, headers): PaymentEvent => {
      const header = headers[signatureHeader];
      const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
      if (!match?.[1] || !match[2]) throw new PaymentSignatureError('missing or malformed signature');
      const timestamp = Number(match[1]);
      if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
        throw new PaymentSignatureError('signature too old');
      const expected = createHmac('sha256', options.webhookSecret)
        .update(`${timestamp}.${rawBody.toString('utf8')}`)
        .digest();
      const given = Buffer.from(match[2], 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new PaymentSignatureError('signature does not match');
      const parsed = eventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!parsed.success) return { type: 'ignored', eventId: 'unknown', providerType: 'invalid' };
      const { id: eventId, ...event } = parsed.data;
      return { ...event, eventId };
    },
    refund: async ({ paymentRef, amountCents, idempotencyKey }) => {
      const refundRef = `sbx_re_${createHmac('sha256', options.webhookSecret).update(idempotencyKey).digest('hex').slice(0, 24)}`;
      // Switched to fail, the sandbox answers like a provider that is down: nothing is recorded under the key,
      // so a retry with the same key goes through once the switch is off.
      if (await getSandboxFailRefunds(options.db)) throw new Error(sandboxRefundsSwitchedOff);
      const refunded = await addSandboxRefund(options.db, { paymentRef, amountCents, idempotencyKey });
      if (refunded === 'replay') return { refundRef, status: 'succeeded' };
      if (!refunded)
        return {
          refundRef,
          status: 'failed',
          failure: { code: 'unknown', message: 'sandbox: the charge has not that much left to refund' },
        };
      await deliver({
        id: id('sbx_evt'),
        type: 'refund.succeeded',
        refundRef,
        paymentRef,
        refundKey: idempotencyKey,
      });
      return { refundRef, status: 'succeeded' };
    },
    refundErrorOf: sandboxRefundErrorOf,
  };

  /** The hosted page's form post: charges a test card, notifies us, and says where to send the buyer. */
  const submitCard = async (
    sessionId: string,
    card: CardInput,
  ): Promise<
    | { kind: 'problems'; problems: CardProblem[] }
    | { kind: 'redirect'; url: string }
    | { kind: 'closed' }
    | { kind: 'replaced' }
  > => {
    const row = await getRow(sessionId);
    // Expired by a newer checkout for the same order (a second tab): refuse, as Stripe does, and say why.
    if (row?.status === 'expired') return { kind: 'replaced' };
    if (row?.status !== 'open' || row.expiresAt.getTime() < Date.now()) return { kind: 'closed' };
    const problems = checkCard(card);
    if (problems.length > 0) return { kind: 'problems', problems };
    const result = sandboxCards[card.number.replace(/[\s-]/g, '')] ?? {
      outcome: 'failed',
      reason: 'declined',
    };
    if (result.outcome === 'succeeded') {
      const paymentRef = id('sbx_pi');
      const claimed = await claimSandboxPayment(options.db, sessionId, paymentRef);
      if (!claimed)
        return (await getRow(sessionId))?.status === 'expired' ? { kind: 'replaced' } : { kind: 'closed' };
      await deliver({
        id: id('sbx_evt'),
        type: 'payment.succeeded',
        sessionId,
        orderId: row.orderId,
        paymentRef,
        amountCents: row.amountCents,
      });
      return { kind: 'redirect', url: row.successUrl };
    }
    await failSandboxPayment(options.db, sessionId, result.reason);
    await deliver({
      id: id('sbx_evt'),
      type: 'payment.failed',
      sessionId,
      orderId: row.orderId,
      failureReason: result.reason,
    });
    return { kind: 'redirect', url: row.cancelUrl };
  };

  return { ...provider, submitCard, getCheckout: getRow };
};
export type SandboxPayments = ReturnType<typeof createSandboxPayments>;
