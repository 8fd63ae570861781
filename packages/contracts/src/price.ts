/**
 * The package price rule, zod-free so public pages can import it (`@esim/contracts/price`) without pulling the
 * schemas into their first-load JavaScript.
 */

/** What a buyer pays for a package: the offer price while there is one, else the price. */
export const salePriceCents = (pkg: { priceCents: number; offerPriceCents: number | null }) =>
  pkg.offerPriceCents ?? pkg.priceCents;
