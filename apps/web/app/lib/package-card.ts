import type { Destination, Operator, PackageSummary } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import { formatData, formatDays, formatPrice } from '@esim/ui/format';
import type { TFunction } from 'i18next';

/** What a package card shows: a package summary trimmed to its visible fields, plus optional coverage. */
export type PackageCardData = Pick<
  PackageSummary,
  | 'slug'
  | 'type'
  | 'destination'
  | 'dataMb'
  | 'unlimited'
  | 'validityDays'
  | 'priceCents'
  | 'offerPriceCents'
  | 'networks'
  | 'countryCount'
  | 'topUpAllowed'
  | 'activation'
> & {
  /**
   * Amounts formatted on the server in the page's language: browsers' Intl data lacks some of the twelve locales
   * (Chromium has no Albanian or Macedonian formats), so formatting there would differ from the server's HTML.
   */
  formatted: { price: string; offerPrice: string | null; data: string | null; validity: string };
  /** Operators of the country the page is about (country pages). */
  operators?: Operator[];
  /** Names of the countries a regional package covers. */
  coverage?: string[];
};

export type DestinationLinkData = Pick<Destination, 'kind' | 'code' | 'name' | 'fromPriceCents'> & {
  /** The lowest price, formatted on the server (see PackageCardData). */
  fromPrice: string;
};

export const toPackageCard = (pkg: PackageSummary, locale: Locale): PackageCardData => ({
  slug: pkg.slug,
  type: pkg.type,
  destination: pkg.destination,
  dataMb: pkg.dataMb,
  unlimited: pkg.unlimited,
  validityDays: pkg.validityDays,
  priceCents: pkg.priceCents,
  offerPriceCents: pkg.offerPriceCents,
  networks: pkg.networks,
  countryCount: pkg.countryCount,
  topUpAllowed: pkg.topUpAllowed,
  activation: pkg.activation,
  formatted: {
    price: formatPrice(pkg.priceCents, locale),
    offerPrice: pkg.offerPriceCents === null ? null : formatPrice(pkg.offerPriceCents, locale),
    data: pkg.unlimited || pkg.dataMb === null ? null : formatData(pkg.dataMb, locale),
    validity: formatDays(pkg.validityDays, locale),
  },
});

export const toDestinationLink = (d: Destination, locale: Locale): DestinationLinkData => ({
  kind: d.kind,
  code: d.code,
  name: d.name,
  fromPriceCents: d.fromPriceCents,
  fromPrice: formatPrice(d.fromPriceCents, locale),
});

/** A short name for a package in the page's language: "Germany · 5 GB · 30 days". */
export const getPackageTitle = (t: TFunction, pkg: PackageCardData) =>
  [pkg.destination, pkg.formatted.data ?? t('catalogue.unlimited'), pkg.formatted.validity].join(' · ');
