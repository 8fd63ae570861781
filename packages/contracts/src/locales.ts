/** Locale data with no zod import: safe for every browser bundle (subpath @esim/contracts/locales). */
/** Locale codes exactly as SPEC section 1 names them; `sq` is the default, `en` the fallback. */
export const locales = ['en', 'sq', 'de', 'fr', 'sa', 'tr', 'it', 'es', 'at', 'se', 'mk', 'gr'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'sq';
export const fallbackLocale: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (locales as readonly string[]).includes(value);

/** SPEC section 9 labels, with "Deutch" corrected to "Deutsch" (docs/decisions/0003-locale-labels.md). */
export const localeLabels: Record<Locale, string> = {
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
};

/** BCP 47 tags for `Intl` and `<html lang>`: SPEC's codes are partly country codes. */
export const localeTags: Record<Locale, string> = {
  en: 'en',
  sq: 'sq',
  de: 'de',
  fr: 'fr',
  sa: 'ar',
  tr: 'tr',
  it: 'it',
  es: 'es',
  at: 'de-AT',
  se: 'sv',
  mk: 'mk',
  gr: 'el',
};

/** The flag (ISO 3166 alpha-2, lower case, as flag-icons names it) shown beside each locale. */
export const localeFlags: Record<Locale, string> = {
  en: 'gb',
  sq: 'al',
  de: 'de',
  fr: 'fr',
  sa: 'sa',
  tr: 'tr',
  it: 'it',
  es: 'es',
  at: 'at',
  se: 'se',
  mk: 'mk',
  gr: 'gr',
};

export const isRightToLeft = (locale: Locale): boolean => locale === 'sa';

const countryLocales: Record<string, Locale> = {
  AL: 'sq',
  XK: 'sq',
  AT: 'de',
  DE: 'de',
  FR: 'fr',
  SA: 'sa',
  TR: 'tr',
  IT: 'it',
  ES: 'es',
  SE: 'se',
  MK: 'mk',
  GR: 'gr',
};

/** SPEC section 9: country to language; any other country gets English. */
export const localeForCountry = (countryCode: string): Locale =>
  countryLocales[countryCode.toUpperCase()] ?? fallbackLocale;

/** Picks the first supported locale from an Accept-Language header value. */
export const localeFromAcceptLanguage = (header: string | undefined): Locale => {
  if (!header) return defaultLocale;
  for (const part of header.split(',')) {
    const code = part.split(';')[0]?.trim().toLowerCase();
    if (!code) continue;
    if (isLocale(code)) return code;
    const tagMatch = (Object.entries(localeTags) as [Locale, string][]).find(
      ([, tag]) => tag.toLowerCase() === code,
    );
    if (tagMatch) return tagMatch[0];
    const base = code.split('-')[0];
    const baseMatch = (Object.entries(localeTags) as [Locale, string][]).find(([, tag]) => tag === base);
    if (baseMatch) return baseMatch[0];
  }
  return fallbackLocale;
};

/** Where a page's language came from: the address, the visitor's saved choice, their country, or the default. */
export type LocaleSource = 'query' | 'saved' | 'country' | 'default';

export type PageLocaleInput = {
  /** `?lang=` of the address (public SEO pages link each language this way). */
  query: unknown;
  /** The saved choice (`languagePreference`, mirrored in the `lang` cookie). */
  saved: unknown;
  /** The visitor's country (ISO alpha-2) or null when unknown; asked only when needed, may throw. */
  country: () => string | null;
  /** A search engine's crawler: it gets the default language, not its data centre's (0002). */
  crawler: boolean;
};

/**
 * The one decision of a page's language, made on the server per request (SPEC sections 4 and 9,
 * docs/decisions/0002): `?lang=`, else the saved choice, else the country's language (an unknown country gets
 * English), else the default. A failed lookup leaves the default in place. A detected language is used for the
 * page only; it is never saved.
 */
export const decidePageLocale = (input: PageLocaleInput): { locale: Locale; source: LocaleSource } => {
  if (isLocale(input.query)) return { locale: input.query, source: 'query' };
  if (isLocale(input.saved)) return { locale: input.saved, source: 'saved' };
  if (input.crawler) return { locale: defaultLocale, source: 'default' };
  try {
    const country = input.country();
    return { locale: country ? localeForCountry(country) : fallbackLocale, source: 'country' };
  } catch {
    return { locale: defaultLocale, source: 'default' };
  }
};
