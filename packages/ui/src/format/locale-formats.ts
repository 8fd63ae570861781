/**
 * Number and date patterns for the locales some browsers have no `Intl` data for. Debian's Chromium ships ICU
 * without Albanian and Macedonian: `Intl` silently formats `sq` and `mk` as English there ("Mar 5, 2026",
 * "€12.00"). These few patterns (CLDR's, as Node's full ICU writes them) are used on the server and in every
 * browser alike, so server HTML and hydration agree. A few hundred bytes, so no polyfill is loaded anywhere.
 */
import type { Locale } from '@esim/contracts/locales';

type Plural = 'one' | 'other';

type LocaleFormat = {
  decimal: string;
  group: string;
  /** CLDR minimumGroupingDigits: Albanian writes 1234 but 12 345. */
  minimumGroupingDigits: number;
  /** Medium-length month names, January first. */
  months: readonly string[];
  date: (day: number, month: string, year: number) => string;
  time: (hours: number, minutes: number) => string;
  dateTime: (date: string, time: string) => string;
  plural: (n: number) => Plural;
  days: Record<Plural, string>;
};

const nbsp = '\u00a0';
const twoDigits = (n: number) => String(n).padStart(2, '0');

export const localeFormats: Partial<Record<Locale, LocaleFormat>> = {
  sq: {
    decimal: ',',
    group: nbsp,
    minimumGroupingDigits: 2,
    months: ['jan', 'shk', 'mar', 'pri', 'maj', 'qer', 'korr', 'gush', 'sht', 'tet', 'nën', 'dhj'],
    date: (day, month, year) => `${day} ${month} ${year}`,
    time: (hours, minutes) => `${hours % 12 || 12}:${twoDigits(minutes)} ${hours < 12 ? 'p.d.' : 'm.d.'}`,
    dateTime: (date, time) => `${date}, ${time}`,
    plural: (n) => (n === 1 ? 'one' : 'other'),
    days: { one: 'ditë', other: 'ditë' },
  },
  mk: {
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    months: ['јан.', 'фев.', 'мар.', 'апр.', 'мај', 'јун.', 'јул.', 'авг.', 'сеп.', 'окт.', 'ное.', 'дек.'],
    date: (day, month, year) => `${day} ${month} ${year} г.`,
    time: (hours, minutes) => `${twoDigits(hours)}:${twoDigits(minutes)}`,
    dateTime: (date, time) => `${date}, во ${time}`,
    plural: (n) => (Number.isInteger(n) && n % 10 === 1 && n % 100 !== 11 ? 'one' : 'other'),
    days: { one: 'ден', other: 'дена' },
  },
};

/** A number with the locale's separators, rounded like Intl.NumberFormat's fraction digit options. */
export const formatNumberWith = (
  format: LocaleFormat,
  value: number,
  { minimumFractionDigits = 0, maximumFractionDigits = 0 } = {},
) => {
  // 'en' is in every ICU build; only its digits are used, with no grouping.
  const plain = new Intl.NumberFormat('en', {
    minimumFractionDigits,
    maximumFractionDigits,
    useGrouping: false,
  }).format(Math.abs(value));
  const [integer = '0', fraction] = plain.split('.');
  const grouped =
    integer.length >= 3 + format.minimumGroupingDigits
      ? integer.replace(/\B(?=(\d{3})+$)/g, format.group)
      : integer;
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `${format.decimal}${fraction}` : ''}`;
};

export const formatDateWith = (format: LocaleFormat, date: Date) =>
  format.date(date.getDate(), format.months[date.getMonth()] ?? '', date.getFullYear());

export const formatDateTimeWith = (format: LocaleFormat, date: Date) =>
  format.dateTime(formatDateWith(format, date), format.time(date.getHours(), date.getMinutes()));
