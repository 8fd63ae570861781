import type { GeoResponse } from '@esim/contracts';
import { isLocale, localeForCountry } from '@esim/contracts/locales';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { switchLanguage } from '../../../lib/i18n.client';
import { localeQueryParam, readSavedLocale, saveLocale } from '../../../lib/locale';

/** GET /api/geo, our own server: no address leaves for a third party (DESIGN section 6). */
const getGeo = () => api.get<GeoResponse>('/geo');

/**
 * After hydration: `?lang=` or the saved choice wins; without a valid saved choice the visitor's country is
 * looked up and mapped to a language (else English); a failed lookup leaves the language unchanged.
 */
export const LanguageSync = () => {
  const { i18n } = useTranslation();
  // Runs until the first language is settled: later changes are the visitor's own (the picker), and react-i18next
  // hands out a new `i18n` on every language change, which would otherwise re-apply a stale `?lang=`.
  const settled = useRef(false);

  useEffect(() => {
    if (settled.current) return;
    const fromQuery = new URLSearchParams(window.location.search).get(localeQueryParam);
    const chosen = isLocale(fromQuery) ? fromQuery : readSavedLocale();
    if (chosen) {
      settled.current = true;
      saveLocale(chosen);
      if (chosen !== i18n.language) void switchLanguage(i18n, chosen);
      return;
    }
    const controller = new AbortController();
    getGeo()
      .then(({ country_code }) => {
        if (controller.signal.aborted) return;
        settled.current = true;
        const detected = country_code ? localeForCountry(country_code) : 'en';
        if (!controller.signal.aborted && detected !== i18n.language) return switchLanguage(i18n, detected);
      })
      .catch((error: unknown) => {
        console.error('Country lookup failed; the language stays unchanged', error);
      });
    return () => controller.abort();
  }, [i18n]);

  return null;
};
