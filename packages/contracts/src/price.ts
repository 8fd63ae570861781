/**
 * The package price rule, zod-free so public pages can import it (`@esim/contracts/price`) without pulling the
 * schemas into their first-load JavaScript.
 */

type OfferWindow = { offerStartsAt?: Date | null; offerEndsAt?: Date | null };

/** The offer price if it runs at `now` (staff give it a start and an end, either open; ADR 0051), else null. */
export const liveOfferCents = (pkg: { offerPriceCents: number | null } & OfferWindow, now = new Date()) =>
  pkg.offerPriceCents !== null &&
  (!pkg.offerStartsAt || pkg.offerStartsAt <= now) &&
  (!pkg.offerEndsAt || now < pkg.offerEndsAt)
    ? pkg.offerPriceCents
    : null;

/** What a buyer pays for a package: the offer price while it runs, else the price. */
export const salePriceCents = (
  pkg: { priceCents: number; offerPriceCents: number | null } & OfferWindow,
  now = new Date(),
) => liveOfferCents(pkg, now) ?? pkg.priceCents;
