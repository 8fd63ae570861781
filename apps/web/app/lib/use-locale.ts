import { defaultLocale, isLocale, type Locale } from '@esim/contracts/locales';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './i18n.client';
import { saveLocale } from './locale';

/** The language the page is shown in right now. */
export const useLocale = (): Locale => {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : defaultLocale;
};

/** Saves the choice and applies it without a reload (text, <html lang/dir>, Accept-Language of later calls). */
export const useChangeLocale = () => {
  const { i18n } = useTranslation();
  return useCallback(
    async (locale: Locale) => {
      saveLocale(locale);
      await switchLanguage(i18n, locale);
    },
    [i18n],
  );
};
