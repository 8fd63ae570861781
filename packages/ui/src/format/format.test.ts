import { describe, expect, it } from 'vitest';
import { formatData, formatDataUnit, formatDate, formatDateTime, formatDays, formatPrice } from './format';

// Node carries full ICU: the patterns written for browsers without sq/mk data must match it exactly.
const icu = (tag: string, options: Intl.NumberFormatOptions, value: number) =>
  new Intl.NumberFormat(tag, options).format(value);

describe.each(['sq', 'mk'] as const)('%s without the browser having Intl data', (locale) => {
  it('writes prices, data and days as full ICU does', () => {
    for (const cents of [0, 50, 1299, 99_990, 123_450, 1_234_550, 123_456_700])
      expect(formatPrice(cents, locale)).toBe(
        icu(locale, { style: 'currency', currency: 'EUR' }, cents / 100),
      );
    for (const value of [0.5, 1, 3.25, 850, 1024, 12_345])
      expect(formatDataUnit(value, 'gigabyte', locale, 2)).toBe(
        icu(locale, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 2 }, value),
      );
    for (const mb of [500, 1536, 20_480])
      expect(formatData(mb, locale)).toBe(
        icu(
          locale,
          { style: 'unit', unit: mb >= 1024 ? 'gigabyte' : 'megabyte', maximumFractionDigits: 1 },
          mb >= 1024 ? mb / 1024 : mb,
        ),
      );
    for (const days of [0, 1, 2, 7, 11, 21, 30, 365])
      expect(formatDays(days, locale)).toBe(
        icu(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }, days),
      );
  });

  it('writes dates and times as full ICU does, every month and both halves of the day', () => {
    for (let month = 0; month < 12; month++)
      for (const [hours, minutes] of [
        [0, 7],
        [9, 30],
        [12, 0],
        [23, 59],
      ] as const) {
        const iso = new Date(2026, month, month + 1, hours, minutes).toISOString();
        expect(formatDate(iso, locale)).toBe(
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)),
        );
        expect(formatDateTime(iso, locale)).toBe(
          new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
        );
      }
  });
});

describe('locales every browser knows', () => {
  it('use Intl', () => {
    expect(formatPrice(123_450, 'de')).toBe('1.234,50\u00a0€');
    expect(formatDays(7, 'de')).toBe('7 Tage');
  });
});
