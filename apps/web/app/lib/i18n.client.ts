/**
 * Browser side: loads only the locale in use (one chunk per locale and namespace), plus English for a
 * namespace a locale does not have yet. `portal` is loaded on portal pages only (`ensurePortalTexts`).
 */
import { fallbackLocale, type Locale } from '@esim/contracts/locales';
import type { i18n, Resource } from 'i18next';
import {
  createI18n,
  type LocaleBundle,
  parseLocalePath,
  portalNamespace,
  type WebNamespace,
  webNamespaces,
} from './i18n';

const loaders = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{common,web,portal}.json',
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

/** A portal page hydrates with the portal's texts too, so its first client render matches the server's. */
const onPortalPage = () => typeof window !== 'undefined' && /^\/portal(\/|$)/.test(window.location.pathname);

export const createClientI18n = async (locale: Locale): Promise<i18n> =>
  createI18n(
    locale,
    await loadLocaleBundle(locale, onPortalPage() ? [...webNamespaces, portalNamespace] : webNamespaces),
  );

/** Whether the instance holds the portal's texts in its current language. */
export const hasPortalTexts = (instance: i18n) =>
  instance.hasResourceBundle(instance.language, portalNamespace);

/** Loads the portal's texts into the running instance (a client navigation into the portal). */
export const ensurePortalTexts = async (instance: i18n): Promise<void> => {
  if (hasPortalTexts(instance)) return;
  const resources = await loadLocaleBundle(instance.language as Locale, [portalNamespace]);
  for (const [lng, namespaces] of Object.entries(resources))
    for (const [ns, bundle] of Object.entries(namespaces))
      instance.addResourceBundle(lng, ns, bundle, true, true);
};

/** Loads a locale's bundle into the running instance and switches to it without a reload. */
export const switchLanguage = async (instance: i18n, locale: Locale): Promise<void> => {
  const withPortal = hasPortalTexts(instance) || onPortalPage();
  const resources = await loadLocaleBundle(
    locale,
    withPortal ? [...webNamespaces, portalNamespace] : webNamespaces,
  );
  for (const [lng, namespaces] of Object.entries(resources))
    for (const [ns, bundle] of Object.entries(namespaces))
      instance.addResourceBundle(lng, ns, bundle, true, true);
  await instance.changeLanguage(locale);
};
