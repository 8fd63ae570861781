import type { Locale } from '@esim/contracts/locales';
import type { SiteData } from '@esim/contracts/site-data';
import { useRouteLoaderData } from 'react-router';
import type { ConsentChoice } from './consent';

/**
 * What the root loader (root.tsx) answers for every page. Declared here, not inferred from the loader, so
 * layout components and features read it without importing the root route (no import circle).
 */
export type RootData = {
  locale: Locale;
  consent: ConsentChoice | null;
  /** Absolute origin for canonical and hreflang links (SITE_URL on the server). */
  siteUrl: string;
  /** Support contacts for the footer, rendered on the server so nothing shifts after load. */
  settings: Awaited<ReturnType<SiteData['publicSettings']>> | null;
  /** The running campaign's banner in the page's language (issue 32). */
  campaign: { text: string } | null;
};

/** The root loader's data: consent choice, site origin and support contacts (undefined inside a broken root). */
export const useRootData = () => useRouteLoaderData<RootData>('root');
