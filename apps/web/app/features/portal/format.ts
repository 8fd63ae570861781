import type { CustomerEsim } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import type { ResellerPackage } from '@esim/contracts/portal';
import { formatData, formatDays } from '@esim/ui/format';

/** The package a shop assistant thinks of an eSIM by: the active one, else the next waiting one, else the newest. */
export const currentPackageOf = (esim: CustomerEsim) =>
  esim.packages.find((p) => p.status === 'active') ??
  esim.packages.find((p) => p.status === 'queued') ??
  esim.packages.at(-1);

/** "5 GB · 30 days" (or "Unlimited data · 30 days"). */
export const packageTerms = (
  pkg: Pick<ResellerPackage, 'dataMb' | 'validityDays'>,
  locale: Locale,
  unlimited: string,
) =>
  `${pkg.dataMb === null ? unlimited : formatData(pkg.dataMb, locale)} · ${formatDays(pkg.validityDays, locale)}`;

/** Paths of the subscribers side, in one place. */
export const subscriberPath = (subscriberId: string) => `/portal/subscribers/${subscriberId}`;
export const refillPath = (esimId: string) => `/portal/new-subscriber?mode=refill&esim=${esimId}`;
export const changeEsimPath = (esimId: string) => `/portal/new-subscriber?mode=change&esim=${esimId}`;
export const newEsimForPath = (subscriberId: string) => `/portal/new-subscriber?subscriber=${subscriberId}`;
