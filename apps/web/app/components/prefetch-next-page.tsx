import { PrefetchPageLinks } from 'react-router';
import { useIsHydrated } from '../lib/use-is-hydrated';

/**
 * Once this page has hydrated, loads the code (and data) of the page a buyer most likely opens next in the
 * background, so on a slow mobile network it opens without first waiting for its chunks. Only after hydration,
 * so the current page's own scripts keep the bandwidth while it loads.
 */
export const PrefetchNextPage = ({ page }: { page: string | undefined }) => {
  const hydrated = useIsHydrated();
  return hydrated && page ? <PrefetchPageLinks page={page} /> : null;
};
