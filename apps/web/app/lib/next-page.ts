import { useMatches } from 'react-router';

/**
 * A route's `handle.nextPages`: the routes (ids in React Router's manifest, e.g. `routes/checkout/order`) a
 * visitor most likely opens next from it, in the order of the way on (a country page: the order page, then the
 * payment return page). On a page's first load the server lists them in React Router's manifest
 * (apps/server/src/plugins/paint-first.ts), as route discovery would have:
 * - a link that names the first route (`IntentLink`'s `route`) asks for all of its code with the click
 *   (`preloadRouteCode`). React Router still asks the server which route matches a path with a parameter
 *   (`/__manifest`) before it loads anything; the code is on its way meanwhile;
 * - the page after it, reached without a document load, knows the route after that from the start, so its
 *   `PrefetchNextPage` fetches that code as soon as it hydrates, without a discovery round trip first.
 */
export type NextPageHandle = { nextPages: readonly string[] };

const isNextPageHandle = (handle: unknown): handle is NextPageHandle =>
  typeof handle === 'object' && handle !== null && Array.isArray((handle as NextPageHandle).nextPages);

/** The deepest matched route's next pages (empty when it names none). */
export const useNextPages = (): readonly string[] =>
  useMatches()
    .map((match) => (isNextPageHandle(match.handle) ? match.handle.nextPages : undefined))
    .findLast((nextPages) => nextPages !== undefined) ?? [];
