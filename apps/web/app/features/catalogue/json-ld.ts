import { salePriceCents } from '@esim/contracts/price';
import type { TFunction } from 'i18next';
import { getPackageTitle, type PackageCardData } from '../../lib/package-card';
import { orderPath } from '../../lib/public-pages';

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
