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
 * `web`.
 */
export const webNamespaces = ['common', 'web'] as const;

/**
 * Namespaces loaded only where their screens are shown (ADR 0020), so public pages do not carry them (DESIGN section
 * 7 budget): each with the paths whose pages hydrate with it. `account` holds the texts only the customer dashboard
 * shows; those other pages show too (the header's menu, statuses, the payment receipt) stay in `web` under `account.`.
 */
export const lazyNamespaces = {
  portal: /^\/portal(\/|$)/,
  // The portal's profile page shows the dashboard's profile and password forms.
  account: /^\/(account|profile|portal\/profile)(\/|$)/,
  // The order form and payment pages, and what the dashboards borrow from them (ADR 0075): the eSIM install guide
  // (account QR code, portal subscribers), the phone field's hints (profiles), the change-eSIM payment note.
  checkout: /^\/(order|payment|account|profile|portal\/(profile|subscribers|new-subscriber))(\/|$)/,
  // The sign-in, registration and password pages, the e-mail links' pages and the profiles' password hint.
  auth: /^\/(login|register|forgot-password|reset-password|confirm-email|cancel-email-change|profile|portal\/(login|register|verify-email|profile))(\/|$)/,
} as const;
export type LazyNamespace = keyof typeof lazyNamespaces;
export type WebNamespace = (typeof webNamespaces)[number] | LazyNamespace;

/** The lazy namespaces a page at this path shows (and hydrates with). */
export const lazyNamespacesForPath = (pathname: string): LazyNamespace[] =>
  (Object.keys(lazyNamespaces) as LazyNamespace[]).filter((ns) => lazyNamespaces[ns].test(pathname));

/** What a page at this path hydrates with: its first client render must match the server's, which has them all. */
export const namespacesForPath = (pathname: string): WebNamespace[] => [
  ...webNamespaces,
  ...lazyNamespacesForPath(pathname),
];
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
    ns: [...webNamespaces, ...Object.keys(lazyNamespaces)],
    defaultNS: 'web',
    interpolation,
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
};
