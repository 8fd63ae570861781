/**
 * Server side: every locale's `common`, `web`, `portal`, `account`, `checkout`, `auth`, `gifts`, `blog` and
 * `content` JSON bundled into the server build. `content` (long texts: about, devices, how to connect, FAQ) and `gifts` (the gift-card page, the
 * order page's gift-card code and gift fields, the payment return and a gift eSIM's claim) never reach the browser as a bundle: loaders pick the page's part.
 */
import type { Locale } from '@esim/contracts';
import type { Resource } from 'i18next';
import { createI18n, parseLocalePath } from './i18n';
import type { PageTexts } from './use-page-texts';

const files = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{common,web,portal,account,checkout,auth,gifts,content,blog,push}.json',
  {
    eager: true,
    import: 'default',
  },
);

const resources: Resource = {};
for (const [path, content] of Object.entries(files)) {
  const parsed = parseLocalePath(path);
  if (!parsed) continue;
  resources[parsed.locale] = { ...resources[parsed.locale], [parsed.ns]: content };
}

export const createServerI18n = (locale: Locale) => createI18n(locale, resources);

/** A page's own namespace (`gifts`, `blog`, `push`) in its locale, for its loader to hand to `usePageTexts`. */
export const getPageTexts = (locale: Locale, ns: 'gifts' | 'blog' | 'push'): PageTexts => ({
  locale,
  texts: (resources[locale]?.[ns] ?? resources.en?.[ns] ?? {}) as Record<string, unknown>,
});

export type ContentKey = 'about' | 'devices' | 'howToConnect' | 'faq';

/**
 * One page's long-form texts from the `content` namespace, interpolated ({email}, {whatsapp}), as the typed
 * object the page renders (i18next `returnObjects`).
 */
export const getContent = <T>(locale: Locale, key: ContentKey, values: Record<string, string> = {}): T =>
  createServerI18n(locale).t(`content:${key}`, { returnObjects: true, ...values }) as T;
