import type { Locale } from '@esim/contracts/locales';
import { useTranslation } from 'react-i18next';

/** A page's own namespace as its loader hands it over: the words, and the language they are in. */
export type PageTexts = { locale: Locale; texts: Record<string, unknown> };

/**
 * A namespace that comes with a page's loader data (`getPageTexts`) rather than as a chunk: added to the running
 * instance before the page's first `t`, so it costs the site's shared first-load code nothing (DESIGN section 7).
 * The server's instance has every namespace already. The words go under the language they are in, not the
 * interface's: right after a switch in the picker the page renders once more with the previous loader's words,
 * which must not become the new language's (the order page kept German coupon and gift fields after a switch to
 * French); the new language's words arrive with the loaders' revalidation.
 */
export const usePageTexts = (ns: string, { locale, texts }: PageTexts) => {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, texts, true, true);
};
