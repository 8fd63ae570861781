import type { Locale } from '@esim/contracts';
import { createInstance, type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Same options as `interpolation` in @esim/i18n (single braces, as SPEC writes placeholders). Not imported from
 * there: that module's loader would pull every locale into the browser bundle.
 */
const interpolation = { prefix: '{', suffix: '}', escapeValue: false } as const;

/**
 * The namespaces every page loads before hydrating: `common` (fields, validation, errors; kept by the API team) and
 * `web`. `portal` (the reseller portal's screens) is loaded only where the portal is shown (ADR 0020), so public
 * pages do not carry it (DESIGN section 7 budget).
 */
export const webNamespaces = ['common', 'web'] as const;
export const portalNamespace = 'portal';
export type WebNamespace = (typeof webNamespaces)[number] | typeof portalNamespace;
export type LocaleBundle = Partial<Record<WebNamespace, Record<string, unknown>>>;

/** Maps the paths `import.meta.glob` returns ("…/locales/de/web.json") to locale and namespace. */
export const parseLocalePath = (path: string): { locale: string; ns: string } | undefined => {
  const match = /locales\/([a-z]{2})\/([a-z]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? { locale: match[1], ns: match[2] } : undefined;
};

/** A synchronous i18next instance (resources are already loaded when it is created). */
export const createI18n = (locale: Locale, resources: Resource): i18n => {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: false,
    ns: [...webNamespaces, portalNamespace],
    defaultNS: 'web',
    interpolation,
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
};
