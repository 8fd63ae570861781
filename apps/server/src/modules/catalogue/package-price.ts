import { salePriceCents } from '@esim/contracts';
import { type ResellerPackage, suggestedRetailCents } from '@esim/contracts/portal';
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

/** A package on the reseller price list: its reseller price and the retail price the shop's markup suggests. */
export const toResellerPackage = (pkg: PackageRow, sellShopPrice: number): ResellerPackage => ({
  slug: pkg.slug,
  name: pkg.name,
  type: pkg.type,
  countryCode: pkg.countryCode,
  regionCode: pkg.regionCode,
  dataMb: pkg.dataMb,
  validityDays: pkg.validityDays,
  topUpAllowed: pkg.topUpAllowed,
  resellerPriceCents: pkg.resellerPriceCents ?? 0,
  retailPriceCents: suggestedRetailCents(pkg.resellerPriceCents ?? 0, sellShopPrice),
});
