import { Link, PrefetchPageLinks } from 'react-router';
import { useIsHydrated } from '../lib/use-is-hydrated';

/**
 * Once this page has hydrated, loads the code (and data) of the page a buyer most likely opens next in the
 * background, so on a slow mobile network it opens without first waiting for its chunks. Only after hydration,
 * so the current page's own scripts keep the bandwidth while it loads.
 *
 * React Router learns routes lazily, from the links in the page (`/__manifest`). A prefetch of a page no link
 * points to matched the catch-all page instead and loaded nothing useful, so a link that is never shown makes
 * the next page's route known first; the prefetch then finds its modules.
 */
export const PrefetchNextPage = ({ page }: { page: string | undefined }) => {
  const hydrated = useIsHydrated();
  if (!hydrated || !page) return null;
  return (
    <>
      <Link to={page} hidden tabIndex={-1} aria-hidden="true" data-testid="next-page-discovery" />
      <PrefetchPageLinks page={page} />
    </>
  );
};
