import { refundErrorCodes } from '@esim/contracts';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sandboxRefundErrorOf, sandboxRefundsSwitchedOff } from './sandbox';
import { stripeRefundErrorCode, stripeRefundErrorOf } from './stripe';

// ADR 0081: each provider's refund failures in our codes, the provider's own words kept beside them.
describe('stripeRefundErrorCode', () => {
  it.each([
    ['charge_for_pending_refund_disputed', 'charge_disputed'],
    ['charge_disputed', 'charge_disputed'],
    ['declined', 'declined'],
    ['expired_or_canceled_card', 'expired_or_canceled_card'],
    ['insufficient_funds', 'insufficient_funds'],
    ['lost_or_stolen_card', 'lost_or_stolen_card'],
    ['merchant_request', 'merchant_request'],
    // A refund only the merchant can cancel.
    ['canceled', 'merchant_request'],
    ['unknown', 'unknown'],
    ['a_reason_stripe_adds_later', 'unknown'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ])('maps %s to %s', (reason, code) => {
    expect(stripeRefundErrorCode(reason)).toBe(code);
  });

  it('answers only codes staff have words for', () => {
    for (const reason of ['declined', 'canceled', 'charge_for_pending_refund_disputed', 'x'])
      expect(refundErrorCodes).toContain(stripeRefundErrorCode(reason));
  });
});

describe('stripeRefundErrorOf', () => {
  type RawError = ConstructorParameters<typeof Stripe.errors.StripeError>[0];
  const raw = (type: string, code?: string) =>
    ({ type, message: `${type} said no`, ...(code ? { code } : {}) }) as RawError;

  it('calls Stripe out of reach or failing on its side unavailable, with its message', () => {
    expect(stripeRefundErrorOf(new Stripe.errors.StripeConnectionError(raw('api_error')))).toEqual({
      code: 'provider_unavailable',
      message: 'api_error said no',
    });
    expect(stripeRefundErrorOf(new Stripe.errors.StripeAPIError(raw('api_error'))).code).toBe(
      'provider_unavailable',
    );
    expect(stripeRefundErrorOf(new Error('socket hang up'))).toEqual({
      code: 'provider_unavailable',
      message: 'socket hang up',
    });
  });

  it("reads a refusal's reason from Stripe's error code", () => {
    const disputed = new Stripe.errors.StripeInvalidRequestError(
      raw('invalid_request_error', 'charge_disputed'),
    );
    expect(stripeRefundErrorOf(disputed)).toEqual({
      code: 'charge_disputed',
      message: 'invalid_request_error said no',
    });
    const other = new Stripe.errors.StripeInvalidRequestError(
      raw('invalid_request_error', 'charge_already_refunded'),
    );
    expect(stripeRefundErrorOf(other).code).toBe('unknown');
  });
});

describe('sandboxRefundErrorOf', () => {
  it('calls the switched-off sandbox an unavailable provider, in its own words', () => {
    expect(sandboxRefundErrorOf(new Error(sandboxRefundsSwitchedOff))).toEqual({
      code: 'provider_unavailable',
      message: sandboxRefundsSwitchedOff,
    });
  });
});
