import { salePriceCents } from '@esim/contracts';
import type { TFunction } from 'i18next';
import { orderPath } from '../../lib/public-pages';
import type { PackageCardData } from './types';

/** A short name for a package in the page's language: "Germany · 5 GB · 30 days". */
export const getPackageTitle = (t: TFunction, pkg: PackageCardData) =>
  [pkg.destination, pkg.formatted.data ?? t('catalogue.unlimited'), pkg.formatted.validity].join(' · ');

/** schema.org Product + Offer for every package listed on a page (search engines show price and stock). */
export const getProductsJsonLd = (t: TFunction, packages: PackageCardData[], siteUrl: string) =>
  packages.map((pkg) => ({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${t('brand')} eSIM ${getPackageTitle(t, pkg)}`,
    sku: pkg.slug,
    category: t(`catalogue.types.${pkg.type}`),
    brand: { '@type': 'Brand', name: t('brand') },
    offers: {
      '@type': 'Offer',
      price: (salePriceCents(pkg) / 100).toFixed(2),
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: `${siteUrl}${orderPath(pkg.slug)}`,
    },
  }));
