import { salePriceCents } from '@esim/contracts';
import type { PackageRow } from './catalogue.repository';

/**
 * The price lines of an order for one package (SPEC: the offer price while it runs, else the price). The
 * rule itself is `salePriceCents` in the contracts, which the site shows with; every order prices through here.
 */
export const orderPriceOf = (
  pkg: Pick<PackageRow, 'priceCents' | 'offerPriceCents' | 'offerStartsAt' | 'offerEndsAt'>,
  now = new Date(),
) => {
  const totalCents = salePriceCents(pkg, now);
  return { subtotalCents: pkg.priceCents, discountCents: pkg.priceCents - totalCents, totalCents };
};
