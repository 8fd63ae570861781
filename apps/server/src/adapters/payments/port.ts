import type { RefundErrorCode } from '@esim/contracts';

/** What a payment provider tells us about a payment, normalised. */
export type PaymentEvent =
  | {
      type: 'payment.succeeded';
      eventId: string;
      sessionId: string;
      orderId: string;
      paymentRef: string;
      amountCents: number;
    }
  | {
      type: 'payment.failed';
      eventId: string;
      sessionId: string;
      orderId: string;
      failureReason: PaymentFailureReason;
    }
  | { type: 'checkout.expired'; eventId: string; sessionId: string; orderId: string }
  | {
      type: 'refund.succeeded';
      eventId: string;
      refundRef: string;
      paymentRef: string;
      /** The idempotency key we sent the refund under (`refund-<our refund id>`), when the provider echoes it. */
      refundKey?: string;
    }
  | {
      type: 'refund.failed';
      eventId: string;
      refundRef: string;
      paymentRef: string;
      /** The provider's own words (Stripe: `failure_reason`), kept as the detail. */
      failureReason: string;
      /** The same mapped to our codes (ADR 0081). */
      errorCode: RefundErrorCode;
      refundKey?: string;
    }
  | { type: 'ignored'; eventId: string; providerType: string };

export type PaymentFailureReason =
  | 'declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'processing_error'
  | 'other';

/** A refund the provider refused or could not make: our code and the provider's own text (ADR 0081). */
export type RefundFailure = { code: RefundErrorCode; message: string };

export type CheckoutInput = {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: 'EUR';
  description: string;
  customerEmail: string;
  locale: string;
  /** Where the buyer returns; `{SESSION_ID}` is replaced by the provider's session id. */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { sessionId: string; url: string };

export type SessionStatus =
  | { status: 'open' }
  | { status: 'succeeded'; paymentRef: string; amountCents: number }
  | { status: 'failed'; failureReason: PaymentFailureReason }
  | { status: 'expired' };

export class PaymentSignatureError extends Error {}

/**
 * Card payments (DESIGN section 4). Adapters: sandbox.ts (hosted test-card page on our origin, signed webhooks)
 * and stripe.ts (Checkout Sessions). Creating a checkout is idempotent per order (the key derives from it).
 */
export type PaymentsProvider = {
  name: string;
  createCheckout: (input: CheckoutInput) => Promise<CheckoutSession>;
  /**
   * Closes a checkout that is still open so it can no longer be paid (a newer one replaced it). 'not_open' when
   * the provider says it is already paid, expired or unknown; other failures throw.
   */
  expireCheckout: (sessionId: string) => Promise<'expired' | 'not_open'>;
  /** The return URL confirms too: whichever of webhook and return comes first wins. */
  getSession: (sessionId: string) => Promise<SessionStatus>;
  /** Verifies the signature over the raw body (throws PaymentSignatureError) and normalises the event. */
  parseWebhook: (rawBody: Buffer, headers: Record<string, string | string[] | undefined>) => PaymentEvent;
  refund: (input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }) => Promise<{ refundRef: string; status: 'pending' | 'succeeded' | 'failed'; failure?: RefundFailure }>;
  /** What a `refund` call that threw means, in our codes, with the provider's text (an outage, a refusal). */
  refundErrorOf: (error: unknown) => RefundFailure;
};
