/**
 * Data amounts and eSIM helpers of the dashboard, in the page's language (dates: ../../lib/format, with the
 * patterns browsers lack for sq and mk).
 */
import type { CustomerEsim } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import { formatDataUnit } from '@esim/ui/format';

export { formatDate, formatDateTime } from '@esim/ui/format';

/** SPEC section 3, "data in GB" of an order: "5 GB", "0.5 GB". */
export const formatGb = (gb: number, locale: Locale) => formatDataUnit(gb, 'gigabyte', locale, 2);

/** A data amount in MB shown in GB from 1 GB up ("3.2 GB"), else in MB ("850 MB"). */
export const formatMb = (mb: number, locale: Locale) =>
  mb >= 1024 ? formatDataUnit(mb / 1024, 'gigabyte', locale, 1) : formatDataUnit(mb, 'megabyte', locale, 0);

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
