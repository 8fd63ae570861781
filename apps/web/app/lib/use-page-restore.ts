import { useEffect, useRef } from 'react';

/**
 * Runs `onRestore` when the browser shows this page again from its back/forward cache (the buyer came back from
 * the card page with the back button): the page's "leaving…" state would otherwise stay frozen.
 */
export const usePageRestore = (onRestore: () => void) => {
  const latest = useRef(onRestore);
  latest.current = onRestore;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
};
