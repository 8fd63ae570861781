/**
 * Where a refund's money goes and what it takes back (ADR 0090): pure rules, shared by a new refund, its retry and
 * the quote staff see, so the three never disagree.
 */

/** An amount split over two buckets in proportion, counted on the running total so parts always add up exactly. */
const proportionalPart = (partCents: number, totalCents: number, beforeCents: number, amountCents: number) =>
  totalCents <= 0
    ? 0
    : Math.round((partCents * (beforeCents + amountCents)) / totalCents) -
      Math.round((partCents * beforeCents) / totalCents);

/**
 * A refund of an order paid by card and/or a gift card: the card's charge goes back first, the rest onto the gift
 * card (ADR 0040). Null when the two together cannot take the amount.
 */
export const splitCardAndGiftCard = (
  amountCents: number,
  left: { cardCents: number; giftCardCents: number },
): { cardCents: number; giftCardCents: number } | null => {
  const cardCents = Math.min(amountCents, Math.max(0, left.cardCents));
  const giftCardCents = amountCents - cardCents;
  return giftCardCents > Math.max(0, left.giftCardCents) ? null : { cardCents, giftCardCents };
};

/**
 * A refund of a shop's purchase paid with credits gives each bucket back in the share it paid (ADR 0019's
 * buckets): the refunds of one order together give back exactly what it took from paid credit and from bonus.
 */
export const splitByBuckets = (
  amountCents: number,
  spent: { creditCents: number; bonusCents: number },
  refundedBeforeCents: number,
) => {
  const totalCents = spent.creditCents + spent.bonusCents;
  // A purchase with no ledger rows to go by (made before the ledger kept buckets) gets paid credit back.
  if (totalCents <= 0) return { creditCents: amountCents, bonusCents: 0 };
  const creditCents = proportionalPart(spent.creditCents, totalCents, refundedBeforeCents, amountCents);
  return { creditCents, bonusCents: amountCents - creditCents };
};

/**
 * What a refund of a shop's credit top-up takes back from the shop: the refunded amount from paid credit and the
 * bonus that came with it in proportion. Bonus the shop no longer holds is taken from paid credit instead, so a
 * refund never leaves the shop the value of a bonus it was given for money it got back. Null when the shop no
 * longer holds that much.
 */
export const topUpTakeBack = (
  amountCents: number,
  topUp: { totalCents: number; bonusCents: number },
  refundedBeforeCents: number,
  shop: { creditCents: number; bonusCents: number },
): { creditCents: number; bonusCents: number } | null => {
  const bonusShare = proportionalPart(topUp.bonusCents, topUp.totalCents, refundedBeforeCents, amountCents);
  const bonusCents = Math.min(bonusShare, Math.max(0, shop.bonusCents));
  const creditCents = amountCents + (bonusShare - bonusCents);
  return creditCents > shop.creditCents ? null : { creditCents, bonusCents };
};

/** The largest amount up to `leftCents` that `fits` (which must hold for every smaller amount if for a larger). */
export const largestFitting = (leftCents: number, fits: (amountCents: number) => boolean) => {
  let low = 0;
  let high = Math.max(0, leftCents);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
};

/**
 * The key version a failed refund's retry is sent under: the same while the provider's answer was unknown (an
 * outage: it may have paid, and must not pay twice), a new one after it refused (it would replay the refusal).
 */
export const retryKeyVersion = (refund: { keyVersion: number; errorCode: string | null }) =>
  refund.errorCode === 'provider_unavailable' ? refund.keyVersion : refund.keyVersion + 1;
