import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LazyNamespace } from './i18n';
import { ensureTexts, hasTexts } from './i18n.client';

/**
 * Whether a lazy namespace's texts (`portal`, `account`) are loaded. The server has every namespace and a page
 * hydrates with those of its path (i18n.client.ts), so this is false only for a moment after a client navigation
 * from a page that did not load them.
 */
export const useLazyTexts = (ns: LazyNamespace) => {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => typeof window === 'undefined' || hasTexts(i18n, ns));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void ensureTexts(i18n, ns).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, i18n, ns]);
  return ready;
};
