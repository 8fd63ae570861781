import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type LazyNamespace, lazyNamespaces, lazyNamespacesForPath } from './i18n';
import { ensureTexts, hasTexts } from './i18n.client';

const isLazyNamespace = (ns: string): ns is LazyNamespace => Object.hasOwn(lazyNamespaces, ns);

/**
 * Whether lazy namespaces' texts (`portal`, `account`, `checkout`, `auth`) are loaded. The server has every namespace
 * and a page hydrates with those of its path (i18n.client.ts), so this is false only for a moment after a client
 * navigation from a page that did not load them; a screen shows its loader meanwhile, never a key.
 */
export const useLazyTexts = (...namespaces: LazyNamespace[]) => {
  const { i18n } = useTranslation();
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const missing = typeof window === 'undefined' ? [] : namespaces.filter((ns) => !hasTexts(i18n, ns));
  // A string, so the effect runs when the set changes, not on every render's new array.
  const wanted = missing.join(' ');
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void Promise.all(
      wanted
        .split(' ')
        .filter(isLazyNamespace)
        .map((ns) => ensureTexts(i18n, ns)),
    ).then(() => {
      if (live) loaded();
    });
    return () => {
      live = false;
    };
  }, [wanted, i18n]);
  return missing.length === 0;
};

/** `useLazyTexts` for the lazy namespaces of the current page's path (`lazyNamespaces`). */
export const usePathTexts = () => useLazyTexts(...lazyNamespacesForPath(useLocation().pathname));
