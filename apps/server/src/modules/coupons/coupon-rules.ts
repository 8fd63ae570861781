/**
 * The pure rules of a coupon (ADR 0057). A discount never leaves less than the card's smallest charge: the card
 * page refuses a payment under 50 cents, and an order that costs nothing is not a sale a coupon should make.
 */
export const minimumChargeCents = 50;

export type CouponTerms = { kind: 'percent' | 'fixed'; value: number };

/** What a coupon takes off a price: a percent (rounded to the cent) or a fixed amount, capped as above. */
export const couponDiscountCents = (coupon: CouponTerms, priceCents: number) => {
  const wanted = coupon.kind === 'percent' ? Math.round((priceCents * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(wanted, priceCents - minimumChargeCents));
};

/** Validity days are UTC and both included: from the first day's start to the end of the last day. */
export const validityOf = (startsOn: string, endsOn: string | null) => ({
  startsAt: new Date(`${startsOn}T00:00:00.000Z`),
  endsAt: endsOn ? new Date(new Date(`${endsOn}T00:00:00.000Z`).getTime() + 86_400_000 - 1) : null,
});

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export const isRunning = (window: { startsAt: Date; endsAt: Date | null }, now: Date) =>
  window.startsAt.getTime() <= now.getTime() &&
  (window.endsAt === null || now.getTime() <= window.endsAt.getTime());
