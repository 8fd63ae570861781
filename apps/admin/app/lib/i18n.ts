/**
 * Languages in the staff app (SPEC sections 4 and 9, DESIGN section 6): the saved `languagePreference` wins;
 * without a valid one, GET /api/geo -> country -> language, else English; a failed lookup leaves the language
 * unchanged (the default, sq). A detected language is saved too, because the API client sends the saved
 * language as Accept-Language and server messages must match the screen. Only the current locale's `common`
 * and `admin` namespaces (the shell, screen titles and the words every area shares) are downloaded at start;
 * each staff area's words (`admin-<area>`, one namespace per feature folder) come with the
 * screens that use them, through the route's `clientLoader = loadArea('clients')`.
 */
import {
  defaultLocale,
  fallbackLocale,
  isLocale,
  isRightToLeft,
  type Locale,
  localeForCountry,
  localeTags,
} from '@esim/contracts';
import { interpolation } from '@esim/i18n';
import { languageStorageKey } from '@esim/ui/api-client';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';

const namespaces = ['common', 'admin'] as const;
type Bundle = Record<string, unknown>;

/** The staff areas with words of their own: `features/<area>` reads `admin-<area>` (scripts/check-boundaries.mjs). */
export const staffAreas = [
  'analytics',
  'auth',
  'businesses',
  'campaigns',
  'clients',
  'coupons',
  'dashboard',
  'facebook',
  'gift-cards',
  'finance',
  'orders',
  'packages',
  'profile',
  'push',
  'refunds',
  'settings',
  'seo',
  'shops',
  'staff',
  'statistics-packages',
  'statistics',
] as const;
export type StaffArea = (typeof staffAreas)[number];

// One lazy chunk per locale and namespace; Vite resolves the glob at build time.
const bundles = import.meta.glob<Bundle>('../../../../packages/i18n/locales/*/{common,admin,admin-*}.json', {
  import: 'default',
});

const loadBundle = async (locale: Locale, ns: string): Promise<Bundle> => {
  const load = bundles[`../../../../packages/i18n/locales/${locale}/${ns}.json`];
  if (!load) throw new Error(`Missing translations ${locale}/${ns}`);
  return load();
};

export const i18n = createInstance();

/** The namespaces this page load has needed so far; a language change loads them all in the new language. */
const wanted = new Set<string>(namespaces);

const ensureLocaleLoaded = async (locale: Locale) => {
  const missing = [...wanted].filter((ns) => !i18n.hasResourceBundle(locale, ns));
  const loaded = await Promise.all(missing.map(async (ns) => [ns, await loadBundle(locale, ns)] as const));
  for (const [ns, bundle] of loaded) i18n.addResourceBundle(locale, ns, bundle, true, true);
};

export const getSavedLocale = (): Locale | null => {
  try {
    const saved = localStorage.getItem(languageStorageKey);
    return isLocale(saved) ? saved : null;
  } catch {
    return null;
  }
};

const saveLocale = (locale: Locale) => {
  try {
    localStorage.setItem(languageStorageKey, locale);
  } catch (error) {
    console.error('Could not save the language', error);
  }
};

/** The language to start with; never throws. */
export const detectLocale = async (fetchImpl: typeof fetch = fetch): Promise<Locale> => {
  const saved = getSavedLocale();
  if (saved) return saved;
  try {
    const response = await fetchImpl('/api/geo', {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`GET /api/geo answered ${response.status}`);
    const { country_code: country } = (await response.json()) as { country_code: string | null };
    const detected = country ? localeForCountry(country) : fallbackLocale;
    // Saved so API replies (Accept-Language comes from the saved choice) speak the language on screen.
    saveLocale(detected);
    return detected;
  } catch (error) {
    console.error('Country lookup failed; keeping the current language', error);
    return defaultLocale;
  }
};

/** `<html lang dir>`; Mantine's DirectionProvider follows the `dir` attribute. */
const applyToDocument = (locale: Locale) => {
  document.documentElement.lang = localeTags[locale];
  document.documentElement.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
};

export const initI18n = async (locale: Locale) => {
  if (!i18n.isInitialized)
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: fallbackLocale,
      ns: [...namespaces],
      defaultNS: 'admin',
      interpolation,
      returnNull: false,
      resources: {},
      partialBundledLanguages: true,
    });
  // Every locale has every key (npm run i18n:check), so the English fallback is never downloaded.
  await ensureLocaleLoaded(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  markReady();
};

// Route loaders run beside the root's, which picks the language: an area waits for it.
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/**
 * A screen's `clientLoader`: its area's words in the current language before it renders
 * (`export const clientLoader = loadArea('clients');`).
 */
export const loadArea =
  (...areas: StaffArea[]) =>
  async (): Promise<null> => {
    for (const area of areas) wanted.add(`admin-${area}`);
    await ready;
    await ensureLocaleLoaded(getCurrentLocale());
    return null;
  };

/** The user picked a language: load it, switch without reload and save the choice (SPEC section 4). */
export const changeLocale = async (locale: Locale) => {
  await ensureLocaleLoaded(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  saveLocale(locale);
};

export const getCurrentLocale = (): Locale => (isLocale(i18n.language) ? i18n.language : defaultLocale);
