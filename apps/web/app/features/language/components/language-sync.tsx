import { isLocale } from '@esim/contracts/locales';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { readCookie, writeCookie } from '../../../lib/cookies';
import { switchLanguage } from '../../../lib/i18n.client';
import { localeCookieName, localeQueryParam, readSavedLocale, saveLocale } from '../../../lib/locale';

/**
 * The server decided the page's language (`?lang=`, the saved choice mirrored in the `lang` cookie, else the
 * visitor's country) and the browser hydrated in it, so nothing changes after load. This only keeps the two
 * stores in step: a `?lang=` link counts as a choice and is saved; a choice saved in the browser whose cookie is
 * gone (cleared, expired) is mirrored again and applied, loaders included. A detected language is never saved.
 */
export const LanguageSync = () => {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  const done = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once after hydration; later changes are the picker's.
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const fromQuery = new URLSearchParams(window.location.search).get(localeQueryParam);
    if (isLocale(fromQuery)) return saveLocale(fromQuery);
    const saved = readSavedLocale();
    if (!saved || readCookie(document.cookie, localeCookieName) === saved) return;
    writeCookie(localeCookieName, saved);
    if (saved !== i18n.language) void switchLanguage(i18n, saved).then(() => revalidator.revalidate());
  }, []);

  return null;
};
