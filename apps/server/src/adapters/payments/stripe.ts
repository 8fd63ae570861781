import { createHash } from 'node:crypto';
import { isLocale, type Locale, type RefundErrorCode } from '@esim/contracts';
import Stripe from 'stripe';
import {
  type CheckoutInput,
  type PaymentEvent,
  type PaymentFailureReason,
  PaymentSignatureError,
  type PaymentsProvider,
  type RefundFailure,
  type SessionStatus,
} from './port';

export type StripePaymentsOptions = {
  secretKey: string;
  webhookSecret: string;
  /** API host, port and protocol: only tests change them, to point the SDK at the local fake. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Per request; the SDK retries once more on network errors, so a call can take about twice this. */
  timeoutMs?: number;
  /** Clock in milliseconds for the checkout expiry window; tests pin it. */
  now?: () => number;
};

/** DESIGN section 4: Stripe signs each delivery with a timestamp; older than this is treated as a replay. */
export const webhookToleranceSeconds = 300;

// Stripe accepts an expiry 30 minutes to 24 hours after creation; one extra minute absorbs clock skew and latency.
const minimumLifetimeSeconds = 31 * 60;
const expiryWindowSeconds = 10 * 60;

/**
 * Stripe replays an idempotency key only with identical parameters and answers anything else with an
 * idempotency error, and `expires_at` is a parameter. A key of order and amount alone would therefore fail on
 * a double-click a second later (a new expiry), and for the 24 hours Stripe remembers keys it would keep
 * returning the expired session to a buyer who comes back after 30 minutes. So the expiry is rounded up to a
 * 10-minute window (31 to 41 minutes ahead) and the key names the order, the amount, that window and a digest
 * of the parameters: retries and double-clicks get the same session, a returning buyer gets a fresh one, and a
 * changed detail (another language) makes a new session instead of an error.
 */
export const checkoutIdempotencyKey = (
  input: Pick<CheckoutInput, 'orderId' | 'amountCents'>,
  params: Stripe.Checkout.SessionCreateParams,
) => {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  return `checkout-${input.orderId}-${input.amountCents}-${params.expires_at}-${digest}`;
};

export const checkoutExpiresAt = (nowMs: number) =>
  Math.ceil((Math.floor(nowMs / 1000) + minimumLifetimeSeconds) / expiryWindowSeconds) * expiryWindowSeconds;

// Checkout has no Albanian, Arabic or Macedonian page: 'auto' lets Stripe follow the browser instead of forcing
// English. Our codes are partly country codes (SPEC section 1), hence at → de, se → sv, gr → el.
const stripeLocales: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  sq: 'auto',
  de: 'de',
  fr: 'fr',
  sa: 'auto',
  tr: 'tr',
  it: 'it',
  es: 'es',
  at: 'de',
  se: 'sv',
  mk: 'auto',
  gr: 'el',
};

export const stripeLocaleFor = (locale: string): Stripe.Checkout.SessionCreateParams.Locale =>
  isLocale(locale) ? stripeLocales[locale] : 'auto';

const reasonsByCode: Record<string, PaymentFailureReason> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  processing_error: 'processing_error',
  card_declined: 'declined',
};

/** The decline code is the more specific one (a card_declined error carries insufficient_funds), so it wins. */
export const failureReasonFor = (
  error: Pick<Stripe.PaymentIntent.LastPaymentError, 'code' | 'decline_code'> | null | undefined,
): PaymentFailureReason => {
  if (!error) return 'other';
  return (
    (error.decline_code ? reasonsByCode[error.decline_code] : undefined) ??
    (error.code ? reasonsByCode[error.code] : undefined) ??
    'other'
  );
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

// Our sessions carry the order in metadata; one without it belongs to something else on the same account.
const orderIdOf = (session: Stripe.Checkout.Session) =>
  session.metadata?.orderId ?? session.client_reference_id ?? null;

const paymentOf = (session: Stripe.Checkout.Session) => {
  const paymentRef = idOf(session.payment_intent);
  if (!paymentRef || session.amount_total === null) {
    // A paid payment-mode session always has both; failing loudly makes Stripe redeliver instead of us guessing.
    throw new Error(`Stripe reported paid session ${session.id} without a payment intent or amount`);
  }
  return { paymentRef, amountCents: session.amount_total };
};

/**
 * Stripe's refund `failure_reason` (and a `canceled` refund, which only the merchant can cancel) in our codes
 * (ADR 0081). Exported for the unit test.
 */
export const stripeRefundErrorCode = (reason: string | null | undefined): RefundErrorCode => {
  switch (reason) {
    case 'charge_for_pending_refund_disputed':
    case 'charge_disputed':
      return 'charge_disputed';
    case 'declined':
    case 'expired_or_canceled_card':
    case 'insufficient_funds':
    case 'lost_or_stolen_card':
    case 'merchant_request':
      return reason;
    case 'canceled':
      return 'merchant_request';
    default:
      return 'unknown';
  }
};

/**
 * What a refund request that threw means: Stripe out of reach or failing on its side is `provider_unavailable`;
 * a refusal names its reason in the error's code (a disputed charge, a balance too low to refund from).
 */
export const stripeRefundErrorOf = (error: unknown): RefundFailure => {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    !(error instanceof Stripe.errors.StripeError)
  )
    return { code: 'provider_unavailable', message };
  return { code: stripeRefundErrorCode(error.code), message };
};

const refundEvent = (eventId: string, refund: Stripe.Refund, providerType: string): PaymentEvent => {
  const paymentRef = idOf(refund.payment_intent);
  // Our refund's key, sent as metadata, names which of several refunds of one charge this is.
  const key = refund.metadata?.refund_key;
  const refundKey = key ? { refundKey: key } : {};
  if (paymentRef && refund.status === 'succeeded') {
    return { type: 'refund.succeeded', eventId, refundRef: refund.id, paymentRef, ...refundKey };
  }
  if (paymentRef && (refund.status === 'failed' || refund.status === 'canceled')) {
    const failureReason = refund.failure_reason ?? refund.status;
    return {
      type: 'refund.failed',
      eventId,
      refundRef: refund.id,
      paymentRef,
      failureReason,
      errorCode: stripeRefundErrorCode(failureReason),
      ...refundKey,
    };
  }
  // Pending and requires_action are not outcomes: a later refund.updated brings the result.
  return { type: 'ignored', eventId, providerType };
};

/** Normalises a verified Stripe event. Exported for tests of mappings the fake cannot produce. */
export const toPaymentEvent = (event: Stripe.Event): PaymentEvent => {
  const eventId = event.id;
  const ignored: PaymentEvent = { type: 'ignored', eventId, providerType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const orderId = orderIdOf(session);
      // A completed session with a delayed method (bank debit) is still unpaid; async_payment_* follows.
      if (!orderId || session.payment_status !== 'paid') return ignored;
      return { type: 'payment.succeeded', eventId, sessionId: session.id, orderId, ...paymentOf(session) };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const orderId = orderIdOf(session);
      if (!orderId) return ignored;
      // The event's session does not expand its payment intent, so the decline code is not in it.
      return { type: 'payment.failed', eventId, sessionId: session.id, orderId, failureReason: 'other' };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const orderId = intent.metadata.orderId;
      if (!orderId) return ignored;
      // A payment intent does not name its Checkout Session: consumers match this event by orderId.
      return {
        type: 'payment.failed',
        eventId,
        sessionId: '',
        orderId,
        failureReason: failureReasonFor(intent.last_payment_error),
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const orderId = orderIdOf(session);
      if (!orderId) return ignored;
      return { type: 'checkout.expired', eventId, sessionId: session.id, orderId };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return refundEvent(eventId, event.data.object, event.type);
    case 'charge.refunded': {
      // Since API version 2022-11-15 a charge no longer embeds its refunds; when it does, the newest is first.
      const refund = event.data.object.refunds?.data[0];
      return refund ? refundEvent(eventId, refund, event.type) : ignored;
    }
    default:
      return ignored;
  }
};

const sessionStatusOf = (session: Stripe.Checkout.Session): SessionStatus => {
  if (session.status === 'expired') return { status: 'expired' };
  if (session.status === 'complete' && session.payment_status === 'paid') {
    return { status: 'succeeded', ...paymentOf(session) };
  }
  // Checkout keeps the session open after a decline so the buyer can try another card; we report the decline.
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (intent?.last_payment_error) {
    return { status: 'failed', failureReason: failureReasonFor(intent.last_payment_error) };
  }
  return { status: 'open' };
};

const refundStatusOf = (status: string | null): 'pending' | 'succeeded' | 'failed' => {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
};

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Stripe Checkout Sessions, webhooks and refunds through the official SDK (DESIGN section 4). */
export const createStripePayments = (options: StripePaymentsOptions): PaymentsProvider => {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    timeout: options.timeoutMs ?? 10_000,
    // One retry covers a dropped connection; each POST carries our idempotency key, so a retry never doubles.
    maxNetworkRetries: 1,
    // Telemetry headers describe the previous request's latency to Stripe; nothing of ours needs them.
    telemetry: false,
  });
  const now = options.now ?? Date.now;

  return {
    name: 'stripe',

    createCheckout: async (input) => {
      const metadata = { orderId: input.orderId, orderNumber: input.orderNumber };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        customer_email: input.customerEmail,
        locale: stripeLocaleFor(input.locale),
        client_reference_id: input.orderId,
        metadata,
        payment_intent_data: { metadata },
        success_url: input.successUrl.replaceAll('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
        cancel_url: input.cancelUrl,
        expires_at: checkoutExpiresAt(now()),
      };
      const session = await stripe.checkout.sessions.create(params, {
        idempotencyKey: checkoutIdempotencyKey(input, params),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },

    expireCheckout: async (sessionId) => {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        // Stripe expires only open sessions: a paid, expired or unknown one is an invalid request, not an outage.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'not_open';
        throw error;
      }
    },

    getSession: async (sessionId) => {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
      return sessionStatusOf(session);
    },

    parseWebhook: (rawBody, headers) => {
      const signature = headerValue(headers['stripe-signature']);
      if (!signature) throw new PaymentSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          webhookToleranceSeconds,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new PaymentSignatureError(error.message, { cause: error });
        }
        throw error;
      }
      return toPaymentEvent(event);
    },

    refund: async ({ paymentRef, amountCents, idempotencyKey }) => {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentRef, amount: amountCents, metadata: { refund_key: idempotencyKey } },
        { idempotencyKey },
      );
      const status = refundStatusOf(refund.status);
      if (status !== 'failed') return { refundRef: refund.id, status };
      const reason = refund.failure_reason ?? refund.status ?? 'failed';
      return {
        refundRef: refund.id,
        status,
        failure: { code: stripeRefundErrorCode(reason), message: reason },
      };
    },

    refundErrorOf: stripeRefundErrorOf,
  };
};
