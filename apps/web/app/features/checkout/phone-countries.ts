import { type Locale, localeTags } from '@esim/contracts/locales';
import { getCountries } from 'libphonenumber-js';

/**
 * The phone input's countries named in the page's language, for a loader: browsers lack Intl data for some of the
 * twelve locales (Chromium has no Albanian or Macedonian names), which would differ from the server's HTML.
 */
export const listPhoneCountries = (locale: Locale) => {
  const names = new Intl.DisplayNames([localeTags[locale], 'en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, localeTags[locale]));
};
