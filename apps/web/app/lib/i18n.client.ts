/**
 * Browser side: loads only the locale in use (one chunk per locale and namespace), plus English for a
 * namespace a locale does not have yet. The lazy namespaces (`portal`, `account`, `checkout`, `auth`) load with their
 * screens (`ensureTexts`).
 */
import { fallbackLocale, type Locale } from '@esim/contracts/locales';
import type { i18n, Resource } from 'i18next';
import {
  createI18n,
  type LazyNamespace,
  type LocaleBundle,
  lazyNamespaces,
  namespacesForPath,
  parseLocalePath,
  type WebNamespace,
  webNamespaces,
} from './i18n';

const loaders = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{common,web,portal,account,checkout,auth}.json',
  {
    import: 'default',
  },
);

const findLoader = (locale: string, ns: string) =>
  Object.entries(loaders).find(([path]) => {
    const parsed = parseLocalePath(path);
    return parsed?.locale === locale && parsed.ns === ns;
  })?.[1];

export const loadLocaleBundle = async (
  locale: Locale,
  namespaces: readonly WebNamespace[] = webNamespaces,
): Promise<Resource> => {
  const resources: Resource = {};
  await Promise.all(
    namespaces.map(async (ns) => {
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

/** A page hydrates with the lazy namespaces of its path too, so its first client render matches the server's. */
export const createClientI18n = async (locale: Locale): Promise<i18n> =>
  createI18n(locale, await loadLocaleBundle(locale, namespacesForPath(window.location.pathname)));

/** Whether the instance holds a namespace's texts in its current language. */
export const hasTexts = (instance: i18n, ns: LazyNamespace) =>
  instance.hasResourceBundle(instance.language, ns);

const addResources = (instance: i18n, resources: Resource) => {
  for (const [lng, namespaces] of Object.entries(resources))
    for (const [ns, bundle] of Object.entries(namespaces))
      instance.addResourceBundle(lng, ns, bundle, true, true);
};

/** Loads a lazy namespace into the running instance (a client navigation to its screens). */
export const ensureTexts = async (instance: i18n, ns: LazyNamespace): Promise<void> => {
  if (hasTexts(instance, ns)) return;
  addResources(instance, await loadLocaleBundle(instance.language as Locale, [ns]));
};

/** Loads a locale's bundle into the running instance and switches to it without a reload. */
export const switchLanguage = async (instance: i18n, locale: Locale): Promise<void> => {
  const loaded = (Object.keys(lazyNamespaces) as LazyNamespace[]).filter((ns) => hasTexts(instance, ns));
  const namespaces = new Set([...namespacesForPath(window.location.pathname), ...loaded]);
  addResources(instance, await loadLocaleBundle(locale, [...namespaces]));
  await instance.changeLanguage(locale);
};
