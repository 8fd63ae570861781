/** Server side: every locale's `common` and `web` JSON bundled into the server build. */
import type { Locale } from '@esim/contracts';
import type { Resource } from 'i18next';
import { createI18n, parseLocalePath } from './i18n';

const files = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/{common,web}.json',
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
