import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageLocale } from '../lib/locale';
import { useRootData } from '../lib/use-root-data';

/**
 * Counts page views for the statistics (ADR 0066) once the visitor has accepted statistics cookies; before that
 * nothing is stored or sent. The first page of the load (and where it came from) is kept in memory only, so the
 * campaign of the page the visitor landed on still counts when they accept later. The beacon's code is loaded
 * only then, in a chunk of its own.
 */
export const TrafficTracker = () => {
  const consent = useRootData()?.consent ?? null;
  const location = useLocation();
  const landing = useRef<{ url: string; referrer: string } | null>(null);
  const trackedUpTo = useRef<string | null>(null);

  useEffect(() => {
    landing.current ??= { url: window.location.href, referrer: document.referrer };
  }, []);

  useEffect(() => {
    if (consent === 'rejected') {
      void import('../lib/traffic-session').then((m) => m.forgetVisit(localStorage));
      return;
    }
    if (consent !== 'accepted') return;
    const current = window.location.href;
    if (trackedUpTo.current === current) return;
    const first = trackedUpTo.current === null ? landing.current : null;
    trackedUpTo.current = current;
    void import('../lib/traffic-beacon').then(({ trackPage }) => {
      // The landing page first (it may have carried the campaign), then the page now shown if it is another.
      if (first && first.url !== current) trackPage(new URL(first.url), first.referrer, pageLocale());
      trackPage(new URL(current), first?.url === current ? first.referrer : '', pageLocale());
    });
  }, [consent, location.pathname, location.search]);

  return null;
};
