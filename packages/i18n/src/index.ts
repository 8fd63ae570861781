import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, locales } from '@esim/contracts';
import { createInstance, type i18n, type TFunction } from 'i18next';

export const namespaces = [
  'common',
  'mail',
  'web',
  'admin',
  'content',
  'portal',
  'gifts',
  'push',
  'sandbox',
  // The site's checkout words, and the refusal of a price that changed after it was shown (ADR 0093).
  'checkout',
] as const;
export type Namespace = (typeof namespaces)[number];

/** SPEC writes placeholders as {field}; every i18next instance uses single braces. */
export const interpolation = { prefix: '{', suffix: '}', escapeValue: false } as const;

export type LocaleResources = Record<Namespace, Record<string, unknown>>;

/** Reads every locale's JSON files from disk: for Node (server, tests). Browsers load one locale at a time. */
export const loadAllResources = (): Record<Locale, LocaleResources> => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');
  const read = (locale: Locale) =>
    Object.fromEntries(
      namespaces
        .filter((ns) => existsSync(join(root, locale, `${ns}.json`)))
        .map((ns) => [
          ns,
          JSON.parse(readFileSync(join(root, locale, `${ns}.json`), 'utf8')) as Record<string, unknown>,
        ]),
    ) as LocaleResources;
  return Object.fromEntries(locales.map((locale) => [locale, read(locale)])) as Record<
    Locale,
    LocaleResources
  >;
};

export type Translator = { t: TFunction; i18n: i18n };

/** One i18next instance holding all locales; `fixedT(locale)` gives a translator per request. */
export const createServerI18n = async () => {
  const resources = loadAllResources();
  const instance = createInstance();
  await instance.init({
    resources,
    lng: 'sq',
    fallbackLng: 'en',
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation,
    returnNull: false,
    initAsync: false,
  });
  return {
    instance,
    fixedT: (locale: Locale, ns: Namespace = 'common') => instance.getFixedT(locale, ns),
  };
};
export type ServerI18n = Awaited<ReturnType<typeof createServerI18n>>;
