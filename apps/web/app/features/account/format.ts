/**
 * Dates and data amounts on the dashboard, in the page's language. The dashboard renders in the browser only
 * (behind RequireAccount), so there is no server HTML to match, unlike the public pages' loader formatting.
 */
import type { CustomerEsim } from '@esim/contracts';
import { type Locale, localeTags } from '@esim/contracts/locales';

export const formatDate = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'medium' }).format(new Date(iso));

export const formatDateTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** SPEC section 3, "data in GB" of an order: "5 GB", "0.5 GB". */
export const formatGb = (gb: number, locale: Locale) =>
  new Intl.NumberFormat(localeTags[locale], {
    style: 'unit',
    unit: 'gigabyte',
    maximumFractionDigits: 2,
  }).format(gb);

/** A data amount in MB shown in GB from 1 GB up ("3.2 GB"), else in MB ("850 MB"). */
export const formatMb = (mb: number, locale: Locale) =>
  new Intl.NumberFormat(localeTags[locale], {
    style: 'unit',
    unit: mb >= 1024 ? 'gigabyte' : 'megabyte',
    maximumFractionDigits: mb >= 1024 ? 1 : 0,
  }).format(mb >= 1024 ? mb / 1024 : mb);

/** "•••• 1234": the last digits of the ICCID tell a customer's eSIMs apart. */
export const esimDigits = (esim: Pick<CustomerEsim, 'iccid'>) => esim.iccid.slice(-4);

/** The package a customer thinks of an eSIM by: the active one, else the next waiting one, else the newest. */
export const currentPackageOf = (esim: CustomerEsim) =>
  esim.packages.find((p) => p.status === 'active') ??
  esim.packages.find((p) => p.status === 'queued') ??
  esim.packages.at(-1);

/** The latest usage report among an eSIM's packages. */
export const lastUsageUpdateOf = (esim: CustomerEsim): string | null =>
  esim.packages.reduce<string | null>(
    (latest, p) => (p.usageUpdatedAt && (!latest || p.usageUpdatedAt > latest) ? p.usageUpdatedAt : latest),
    null,
  );
