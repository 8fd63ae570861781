import type { Resource } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A namespace that comes with a page's loader data (`getPageTexts`) rather than as a chunk: added to the running
 * instance before the page's first `t`, so it costs the site's shared first-load code nothing (DESIGN section 7).
 * The server's instance has every namespace already.
 */
export const usePageTexts = (ns: string, texts: Resource[string][string]) => {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(i18n.language, ns))
    i18n.addResourceBundle(i18n.language, ns, texts, true, true);
};
