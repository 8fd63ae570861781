import { fallbackLocale, isLocale, type Locale } from '@esim/contracts/locales';
import { useTranslation } from 'react-i18next';

/** The page's language as a Locale (formatting money, dates and numbers); English while none is chosen. */
export const useLocale = (): Locale => {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : fallbackLocale;
};
