/**
 * Why a payment provider refused a refund, in our words (ADR 0081): the payments port maps each provider's own
 * reasons to these codes, staff read them translated (`admin-refunds:errorCodes`), and the provider's raw text is
 * kept beside them as the detail. `provider_unavailable`: the provider could not be reached or answered with an
 * error of its own (the sandbox switched to fail answers so); `unknown`: a refusal without a reason we know.
 */
export const refundErrorCodes = [
  'charge_disputed',
  'declined',
  'expired_or_canceled_card',
  'insufficient_funds',
  'lost_or_stolen_card',
  'merchant_request',
  'provider_unavailable',
  'unknown',
] as const;
export type RefundErrorCode = (typeof refundErrorCodes)[number];
