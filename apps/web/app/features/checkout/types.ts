import type { PackageDetail } from '@esim/contracts';
import { type Locale, localeTags } from '@esim/contracts/locales';
import { type PackageCardData, toPackageCard } from '../../lib/package-card';

/** What the order page shows of its package, formatted on the server like the catalogue cards. */
export type OrderPackage = PackageCardData & {
  name: string;
  /** Sorted country names of a regional or global package. */
  coverage: string[];
};

export const toOrderPackage = (pkg: PackageDetail, locale: Locale): OrderPackage => ({
  ...toPackageCard(pkg, locale),
  name: pkg.name,
  operators: pkg.type === 'local' ? pkg.coverage.flatMap((c) => c.operators) : [],
  coverage:
    pkg.type === 'local'
      ? []
      : pkg.coverage.map((c) => c.country.name).sort((a, b) => a.localeCompare(b, localeTags[locale])),
});

/** The query parameters the payment provider returns with (success and failure URLs). */
export type PaymentReturn = { orderId: string | null; sessionId: string | null; packageSlug: string | null };

export const readPaymentReturn = (search: string): PaymentReturn => {
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name)?.trim() || null;
  return { orderId: value('order'), sessionId: value('session_id'), packageSlug: value('package') };
};
