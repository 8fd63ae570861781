import { describe, expect, it, vi } from 'vitest';
import {
  decidePageLocale,
  defaultLocale,
  fallbackLocale,
  isLocale,
  isRightToLeft,
  localeFlags,
  localeForCountry,
  localeFromAcceptLanguage,
  localeLabels,
  locales,
  localeTags,
} from './locales';

describe('locales', () => {
  it('has the twelve SPEC codes, sq by default and en as fallback', () => {
    expect([...locales].sort()).toEqual([
      'at',
      'de',
      'en',
      'es',
      'fr',
      'gr',
      'it',
      'mk',
      'sa',
      'se',
      'sq',
      'tr',
    ]);
    expect(defaultLocale).toBe('sq');
    expect(fallbackLocale).toBe('en');
  });

  it('labels each locale as SPEC section 9 does, with "Deutsch" spelled correctly', () => {
    expect(localeLabels).toEqual({
      sq: 'Shqip',
      sa: 'Arabic',
      at: 'Austria',
      de: 'Deutsch',
      en: 'English',
      fr: 'French',
      gr: 'Greece',
      it: 'Italy',
      es: 'Spain',
      tr: 'Turkey',
      se: 'Sweden',
      mk: 'North Macedonia',
    });
    for (const locale of locales) {
      expect(localeTags[locale]).toBeTruthy();
      expect(localeFlags[locale]).toMatch(/^[a-z]{2}$/);
    }
  });

  it('recognises only the twelve codes', () => {
    expect(isLocale('sq')).toBe(true);
    expect(isLocale('ar')).toBe(false);
    expect(isLocale('EN')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
    expect(isLocale(1)).toBe(false);
  });

  it('writes only Arabic right to left', () => {
    expect(locales.filter(isRightToLeft)).toEqual(['sa']);
  });
});

describe('localeForCountry (SPEC section 9)', () => {
  it.each([
    ['AL', 'sq'],
    ['XK', 'sq'],
    ['AT', 'de'],
    ['DE', 'de'],
    ['FR', 'fr'],
    ['SA', 'sa'],
    ['TR', 'tr'],
    ['IT', 'it'],
    ['ES', 'es'],
    ['SE', 'se'],
    ['MK', 'mk'],
    ['GR', 'gr'],
  ])('%s → %s', (country, locale) => {
    expect(localeForCountry(country)).toBe(locale);
  });

  it('ignores letter case', () => {
    expect(localeForCountry('al')).toBe('sq');
    expect(localeForCountry('De')).toBe('de');
  });

  it('gives every other country English', () => {
    for (const country of ['US', 'GB', 'CH', 'BE', 'EG', 'CY', 'RS', 'ME', 'ZZ', '']) {
      expect(localeForCountry(country)).toBe('en');
    }
  });
});

describe('localeFromAcceptLanguage', () => {
  it.each([
    ['ar', 'sa'],
    ['ar-SA', 'sa'],
    ['de-AT', 'at'],
    ['de-at', 'at'],
    ['de-DE', 'de'],
    ['de', 'de'],
    ['sv-SE', 'se'],
    ['sv', 'se'],
    ['el', 'gr'],
    ['el-GR', 'gr'],
    ['sq', 'sq'],
    ['sq-AL', 'sq'],
    ['en-US', 'en'],
    ['fr-CH', 'fr'],
    ['mk', 'mk'],
    ['tr-TR', 'tr'],
    ['it', 'it'],
    ['es-419', 'es'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('accepts the SPEC codes themselves', () => {
    for (const locale of locales) expect(localeFromAcceptLanguage(locale)).toBe(locale);
  });

  it('takes the first supported language of a weighted list', () => {
    expect(localeFromAcceptLanguage('ja-JP,ja;q=0.9,de-AT;q=0.8,en;q=0.7')).toBe('at');
    expect(localeFromAcceptLanguage('zh, el;q=0.5')).toBe('gr');
    expect(localeFromAcceptLanguage(' , ;q=1, fr')).toBe('fr');
  });

  it('falls back to English for garbage and unsupported languages', () => {
    for (const header of ['garbage', 'ja', 'xx-YY', '*', ';;;', '<script>alert(1)</script>']) {
      expect(localeFromAcceptLanguage(header)).toBe('en');
    }
  });

  it('uses the default language (sq) when there is no header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('sq');
    expect(localeFromAcceptLanguage('')).toBe('sq');
  });
});

describe('decidePageLocale', () => {
  const none = () => null;
  it('takes ?lang= first, then the saved choice', () => {
    expect(decidePageLocale({ query: 'fr', saved: 'de', country: () => 'AL', crawler: false })).toEqual({
      locale: 'fr',
      source: 'query',
    });
    expect(decidePageLocale({ query: 'xx', saved: 'de', country: () => 'AL', crawler: false })).toEqual({
      locale: 'de',
      source: 'saved',
    });
  });

  it('maps the country without a saved choice and never asks for it when it is not needed', () => {
    const country = vi.fn(() => 'DE');
    expect(decidePageLocale({ query: null, saved: 'bogus', country, crawler: false })).toEqual({
      locale: 'de',
      source: 'country',
    });
    expect(
      decidePageLocale({ query: null, saved: undefined, country: () => 'XK', crawler: false }).locale,
    ).toBe('sq');
    expect(
      decidePageLocale({ query: null, saved: undefined, country: () => 'JP', crawler: false }).locale,
    ).toBe('en');
    expect(decidePageLocale({ query: null, saved: undefined, country: none, crawler: false }).locale).toBe(
      'en',
    );
    const unused = vi.fn(() => 'DE');
    decidePageLocale({ query: null, saved: 'it', country: unused, crawler: false });
    expect(unused).not.toHaveBeenCalled();
  });

  it('keeps the default sq when the lookup fails, and for crawlers', () => {
    const failing = () => {
      throw new Error('database unreadable');
    };
    expect(decidePageLocale({ query: null, saved: undefined, country: failing, crawler: false })).toEqual({
      locale: 'sq',
      source: 'default',
    });
    expect(decidePageLocale({ query: null, saved: undefined, country: () => 'DE', crawler: true })).toEqual({
      locale: 'sq',
      source: 'default',
    });
    expect(decidePageLocale({ query: 'de', saved: undefined, country: none, crawler: true }).locale).toBe(
      'de',
    );
  });
});
