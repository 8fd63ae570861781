import { describe, expect, it } from 'vitest';
import {
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
