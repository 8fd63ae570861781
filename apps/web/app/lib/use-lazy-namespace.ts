/**
 * Namespaces only some screens use, loaded when one of them opens so they never weigh on the public pages'
 * first load (DESIGN section 7; scripts/check-web-size.mjs counts only `common` and `web`): `portal` holds the
 * reseller portal's screen texts. Imported by those screens' layouts only, so this code stays out of the entry.
 */
import { fallbackLocale } from '@esim/contracts/locales';
import type { i18n } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseLocalePath } from './i18n';

export type LazyNamespace = 'portal';

const loaders = import.meta.glob<Record<string, unknown>>('../../../../packages/i18n/locales/*/portal.json', {
  import: 'default',
});

const findLoader = (locale: string, ns: LazyNamespace) =>
  Object.entries(loaders).find(([path]) => {
    const parsed = parseLocalePath(path);
    return parsed?.locale === locale && parsed.ns === ns;
  })?.[1];

/** Adds a lazy namespace of the language in use (English where the language lacks it) to the instance. */
export const loadLazyNamespace = async (instance: i18n, ns: LazyNamespace, locale: string) => {
  if (instance.hasResourceBundle(locale, ns)) return;
  const own = findLoader(locale, ns);
  const load = own ?? findLoader(fallbackLocale, ns);
  if (!load) return;
  instance.addResourceBundle(own ? locale : fallbackLocale, ns, await load(), true, true);
};

/**
 * Whether a lazy namespace is ready in the language in use; loads it, and again after a change of language.
 * Screens behind it render once it is there.
 */
export const useLazyNamespace = (ns: LazyNamespace) => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [loaded, setLoaded] = useState<string | null>(() =>
    i18n.hasResourceBundle(language, ns) ? language : null,
  );
  useEffect(() => {
    let live = true;
    void loadLazyNamespace(i18n, ns, language).then(() => {
      if (live) setLoaded(language);
    });
    return () => {
      live = false;
    };
  }, [i18n, ns, language]);
  return loaded === language;
};
