/** Prices, data amounts and durations in the page's language (Intl, so plurals are right in all twelve). */
import { type Locale, localeTags } from '@esim/contracts/locales';

export const formatPrice = (cents: number, locale: Locale) =>
  new Intl.NumberFormat(localeTags[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);

export const formatData = (dataMb: number, locale: Locale) =>
  new Intl.NumberFormat(localeTags[locale], {
    style: 'unit',
    unit: dataMb >= 1024 ? 'gigabyte' : 'megabyte',
    maximumFractionDigits: 1,
  }).format(dataMb >= 1024 ? dataMb / 1024 : dataMb);

export const formatDays = (days: number, locale: Locale) =>
  new Intl.NumberFormat(localeTags[locale], { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
