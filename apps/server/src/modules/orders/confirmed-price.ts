import { AppError } from '../../lib/app-error';

// ADR 0093: the price a buyer confirmed is the price charged. Every purchase that showed a price sends it back;
// the server prices the order itself, as always, and only compares. A difference refuses the purchase before
// anything is created, held or charged, with the new price in words (amounts as the other refusals say them).

const euros = (cents: number) => (cents / 100).toFixed(2);

/** What the buyer was shown: the order's total and, where a gift card pays part, what the card is charged. */
export type ConfirmedPrice = { totalCents?: number | undefined; cardCents?: number | undefined };

/**
 * Throws PRICE_CHANGED (409) when the price the buyer confirmed differs from the server's: the total first
 * (the package's price, the offer, the coupon, a reseller price or a fee), then what the card is charged (a gift
 * card that covers less than it did when the page asked). Nothing confirmed: nothing to compare.
 */
export const checkConfirmedPrice = (
  confirmed: ConfirmedPrice,
  priced: { totalCents: number; cardCents?: number },
) => {
  if (confirmed.totalCents !== undefined && confirmed.totalCents !== priced.totalCents)
    throw new AppError('PRICE_CHANGED', undefined, undefined, { price: euros(priced.totalCents) });
  if (
    confirmed.cardCents !== undefined &&
    priced.cardCents !== undefined &&
    confirmed.cardCents !== priced.cardCents
  )
    throw new AppError(
      'PRICE_CHANGED',
      undefined,
      undefined,
      { price: euros(priced.cardCents) },
      'errors.PRICE_CHANGED_CARD',
    );
};
