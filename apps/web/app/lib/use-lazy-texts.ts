import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensurePortalTexts, hasPortalTexts } from './i18n.client';

/**
 * Whether the portal's texts (`portal` namespace) are loaded. The server has every namespace and a portal page
 * hydrates with them (i18n.client.ts), so this is false only for a moment after a client navigation into the
 * portal from a page that did not load them.
 */
export const usePortalTexts = () => {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => typeof window === 'undefined' || hasPortalTexts(i18n));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void ensurePortalTexts(i18n).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, i18n]);
  return ready;
};
