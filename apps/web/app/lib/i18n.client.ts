/**
 * Browser side: loads only the locale in use (one chunk per locale and namespace), plus English for a
 * namespace a locale does not have yet.
 */
import { fallbackLocale, type Locale } from '@esim/contracts/locales';
import type { i18n, Resource } from 'i18next';
import { createI18n, type LocaleBundle, parseLocalePath, webNamespaces } from './i18n';

const loaders = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{common,web}.json',
  {
    import: 'default',
  },
);

const findLoader = (locale: string, ns: string) =>
  Object.entries(loaders).find(([path]) => {
    const parsed = parseLocalePath(path);
    return parsed?.locale === locale && parsed.ns === ns;
  })?.[1];

export const loadLocaleBundle = async (locale: Locale): Promise<Resource> => {
  const resources: Resource = {};
  await Promise.all(
    webNamespaces.map(async (ns) => {
      const own = findLoader(locale, ns);
      const target = own ? locale : fallbackLocale;
      const load = own ?? findLoader(fallbackLocale, ns);
      if (!load) return;
      const bundle: LocaleBundle = { [ns]: await load() };
      resources[target] = { ...resources[target], ...bundle };
    }),
  );
  return resources;
};

export const createClientI18n = async (locale: Locale): Promise<i18n> =>
  createI18n(locale, await loadLocaleBundle(locale));

/** Loads a locale's bundle into the running instance and switches to it without a reload. */
export const switchLanguage = async (instance: i18n, locale: Locale): Promise<void> => {
  const resources = await loadLocaleBundle(locale);
  for (const [lng, namespaces] of Object.entries(resources))
    for (const [ns, bundle] of Object.entries(namespaces))
      instance.addResourceBundle(lng, ns, bundle, true, true);
  await instance.changeLanguage(locale);
};
