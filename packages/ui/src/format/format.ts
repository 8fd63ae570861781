/**
 * Prices, data amounts, durations and dates in the page's language: `Intl` where every browser has the data,
 * the patterns of ./locale-formats for the locales some lack (sq, mk), so server and browser write the same.
 */
import { type Locale, localeTags } from '@esim/contracts/locales';
import { formatDateTimeWith, formatDateWith, formatNumberWith, localeFormats } from './locale-formats';

export const formatNumber = (value: number, locale: Locale) => {
  const own = localeFormats[locale];
  return own ? formatNumberWith(own, value) : new Intl.NumberFormat(localeTags[locale]).format(value);
};

export const formatPrice = (cents: number, locale: Locale) => {
  const own = localeFormats[locale];
  if (own)
    return `${formatNumberWith(own, cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0€`;
  return new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
};

/** An amount of data in GB or MB ("3.5 GB"), at most `maximumFractionDigits` decimals. */
export const formatDataUnit = (
  value: number,
  unit: 'gigabyte' | 'megabyte',
  locale: Locale,
  maximumFractionDigits: number,
) => {
  const own = localeFormats[locale];
  if (own)
    return `${formatNumberWith(own, value, { maximumFractionDigits })} ${unit === 'gigabyte' ? 'GB' : 'MB'}`;
  return new Intl.NumberFormat(localeTags[locale], { style: 'unit', unit, maximumFractionDigits }).format(
    value,
  );
};

export const formatData = (dataMb: number, locale: Locale) =>
  dataMb >= 1024
    ? formatDataUnit(dataMb / 1024, 'gigabyte', locale, 1)
    : formatDataUnit(dataMb, 'megabyte', locale, 1);

export const formatDays = (days: number, locale: Locale) => {
  const own = localeFormats[locale];
  if (own) return `${formatNumberWith(own, days)} ${own.days[own.plural(days)]}`;
  return new Intl.NumberFormat(localeTags[locale], {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
  }).format(days);
};

export const formatDate = (iso: string, locale: Locale) => {
  const own = localeFormats[locale];
  if (own) return formatDateWith(own, new Date(iso));
  return new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'medium' }).format(new Date(iso));
};

export const formatDateTime = (iso: string, locale: Locale) => {
  const own = localeFormats[locale];
  if (own) return formatDateTimeWith(own, new Date(iso));
  return new Intl.DateTimeFormat(localeTags[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
};
