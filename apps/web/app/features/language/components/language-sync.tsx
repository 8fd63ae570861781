import { type GeoResponse, isLocale, localeForCountry } from '@esim/contracts';
import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { switchLanguage } from '../../../lib/i18n.client';
import { getHtmlAttributes, localeQueryParam, readSavedLocale, saveLocale } from '../../../lib/locale';
import { useLocale } from '../../../lib/use-locale';

/** GET /api/geo, our own server: no address leaves for a third party (DESIGN section 6). */
const getGeo = () => api.get<GeoResponse>('/geo');

/**
 * After hydration: `?lang=` or the saved choice wins; without a valid saved choice the visitor's country is
 * looked up and mapped to a language (else English); a failed lookup leaves the language unchanged.
 */
export const LanguageSync = () => {
  const { i18n } = useTranslation();
  const locale = useLocale();
  const { setDirection } = useDirection();

  useEffect(() => {
    const fromQuery = new URLSearchParams(window.location.search).get(localeQueryParam);
    const chosen = isLocale(fromQuery) ? fromQuery : readSavedLocale();
    if (chosen) {
      saveLocale(chosen);
      if (chosen !== i18n.language) void switchLanguage(i18n, chosen);
      return;
    }
    const controller = new AbortController();
    getGeo()
      .then(({ country_code }) => {
        const detected = country_code ? localeForCountry(country_code) : 'en';
        if (!controller.signal.aborted && detected !== i18n.language) return switchLanguage(i18n, detected);
      })
      .catch((error: unknown) => {
        console.error('Country lookup failed; the language stays unchanged', error);
      });
    return () => controller.abort();
  }, [i18n]);

  // Mantine components (menus, inputs) follow the page direction.
  useEffect(() => {
    setDirection(getHtmlAttributes(locale).dir);
  }, [locale, setDirection]);

  return null;
};
