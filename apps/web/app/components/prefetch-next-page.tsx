import { useContext, useEffect, useMemo } from 'react';
import {
  Link,
  matchRoutes,
  UNSAFE_DataRouterContext,
  UNSAFE_FrameworkContext,
  useMatches,
} from 'react-router';
import { prefetchInTurn } from '../lib/prefetch-in-turn';
import { useIsHydrated } from '../lib/use-is-hydrated';

/** The visitor asked their browser to save data (Chrome's Lite mode, a data-saver setting). */
const savesData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Once this page has hydrated, fetches the code of the page a buyer most likely opens next into the browser's
 * cache, so on a slow mobile network it opens without waiting for its chunks, which otherwise arrive in three
 * round trips (a route module, its imports, theirs). Only after hydration, so the current page's own scripts keep
 * the bandwidth while it loads; not at all when the browser is asked to save data.
 *
 * A cache prefetch, not a module preload: the payment return page opens as a new document, where modules
 * compiled here would be compiled again, and compiling them here is main-thread work on the current page.
 * Code only, not data: React Router's `PrefetchPageLinks` also prefetched the page's loader data, which a return
 * page opened by a redirect never used.
 *
 * React Router learns routes lazily, from the links in the page (`/__manifest`). A prefetch of a page no link
 * points to matched the catch-all page instead and loaded nothing useful, so a link that is never shown makes
 * the next page's route known first; the router then re-renders this with the route's modules in its manifest.
 * A route the first page's manifest listed already (`handle.nextPages`) is known at once: no link, no round trip.
 */
export const PrefetchNextPage = ({ page }: { page: string | undefined }) => {
  const hydrated = useIsHydrated();
  const framework = useContext(UNSAFE_FrameworkContext);
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  // What this page already runs (the root, its shared chunks, the stylesheet it has inline) is not fetched again.
  const current = useMatches()
    .map((match) => match.id)
    .join(' ');
  const assets = useMemo(() => {
    if (!page || !routes || !framework) return { known: false, modules: [], styles: [] };
    const entriesOf = (ids: string[]) =>
      ids.flatMap((id) => {
        const entry = framework.manifest.routes[id];
        return entry ? [entry] : [];
      });
    const here = entriesOf(current.split(' '));
    const matches = matchRoutes(routes, page) ?? [];
    // Until the route is known, the page matches the catch-all (the not-found page): nothing to load yet.
    if (matches.at(-1)?.route.path === '*') return { known: false, modules: [], styles: [] };
    const next = entriesOf(matches.map((match) => match.route.id));
    const modulesOf = (entries: typeof next) =>
      entries.flatMap((entry) => [entry.module, ...(entry.imports ?? [])]);
    const stylesOf = (entries: typeof next) => entries.flatMap((entry) => entry.css ?? []);
    const loaded = new Set([...modulesOf(here), ...stylesOf(here)]);
    return {
      known: true,
      modules: [...new Set(modulesOf(next))].filter((href) => !loaded.has(href)),
      styles: [...new Set(stylesOf(next))].filter((href) => !loaded.has(href)),
    };
  }, [page, routes, framework, current]);
  const enabled = hydrated && page !== undefined && !savesData();
  useEffect(() => {
    if (!enabled) return undefined;
    // Stylesheets first: the next page cannot paint without them.
    return prefetchInTurn([
      ...assets.styles.map((href) => ({ href, as: 'style' as const })),
      ...assets.modules.map((href) => ({ href, as: 'script' as const })),
    ]);
  }, [enabled, assets]);
  if (!enabled || assets.known) return null;
  return <Link to={page} hidden tabIndex={-1} aria-hidden="true" data-testid="next-page-discovery" />;
};
