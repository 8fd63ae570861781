/**
 * Which language a page renders in (SPEC sections 4 and 9, DESIGN section 6, docs/decisions/0002).
 * apps/server decides once per request (`?lang=`, saved choice in the `lang` cookie, country, default) and hands
 * the result to React Router as `context.locale`; the browser hydrates in it (`<html data-locale>`).
 */
import { defaultLocale, isLocale, isRightToLeft, type Locale, localeTags } from '@esim/contracts/locales';
import type { AppLoadContext } from 'react-router';
import { readCookie, writeCookie } from './cookies';

export const localeCookieName = 'lang';
export const localeQueryParam = 'lang';
export const languagePreferenceKey = 'languagePreference';

export const resolveRequestLocale = (
  request: Request,
  context: Partial<AppLoadContext> | undefined,
): Locale => {
  const fromQuery = new URL(request.url).searchParams.get(localeQueryParam);
  if (isLocale(fromQuery)) return fromQuery;
  if (isLocale(context?.locale)) return context.locale;
  const fromCookie = readCookie(request.headers.get('cookie'), localeCookieName);
  return isLocale(fromCookie) ? fromCookie : defaultLocale;
};

/** The language the page is shown in now (browser only): what the server rendered or the visitor chose since. */
export const pageLocale = (): Locale => {
  const shown = typeof document === 'undefined' ? undefined : document.documentElement.dataset.locale;
  return isLocale(shown) ? shown : (readSavedLocale() ?? defaultLocale);
};

export const getHtmlAttributes = (locale: Locale) => ({
  lang: localeTags[locale],
  dir: isRightToLeft(locale) ? ('rtl' as const) : ('ltr' as const),
});

export const readSavedLocale = (): Locale | undefined => {
  try {
    const saved = window.localStorage.getItem(languagePreferenceKey);
    return isLocale(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
};

/** Saves the visitor's choice (SPEC: "the choice is saved when selected") and mirrors it for the server. */
export const saveLocale = (locale: Locale) => {
  try {
    window.localStorage.setItem(languagePreferenceKey, locale);
  } catch {
    // Storage can be disabled; the cookie still carries the choice.
  }
  writeCookie(localeCookieName, locale);
};
