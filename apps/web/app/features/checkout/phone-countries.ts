import { type Locale, localeTags } from '@esim/contracts/locales';
import type { PhoneCountry } from '@esim/ui/phone-input-state';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

/** One list per locale for the process: about 1 ms of server CPU on every order page otherwise. */
const lists = new Map<Locale, readonly PhoneCountry[]>();

/**
 * The phone input's countries named in the page's language with their calling codes, for a loader: browsers lack
 * Intl data for some of the twelve locales (Chromium has no Albanian or Macedonian names), which would differ
 * from the server's HTML, and the calling codes spare the page libphonenumber until it formats a number.
 */
export const listPhoneCountries = (locale: Locale): readonly PhoneCountry[] => {
  let list = lists.get(locale);
  if (!list) {
    const names = new Intl.DisplayNames([localeTags[locale], 'en'], { type: 'region' });
    list = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, localeTags[locale]));
    lists.set(locale, list);
  }
  return list;
};
