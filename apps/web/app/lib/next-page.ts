import { useMatches } from 'react-router';

/**
 * A route's `handle.nextPage`: the route (its id in React Router's manifest, e.g. `routes/checkout/order`) a
 * visitor most likely opens next from it. On a page's first load the server lists that route in React Router's
 * manifest (apps/server/src/plugins/paint-first.ts), so a link to it that names the route (`IntentLink`'s
 * `route`) asks for all of its code with the click (`preloadRouteCode`). React Router still asks the server
 * which route matches a path with a parameter (`/__manifest`) before it loads anything; the code is on its way
 * meanwhile.
 */
export type NextPageHandle = { nextPage: string };

const isNextPageHandle = (handle: unknown): handle is NextPageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as NextPageHandle).nextPage === 'string';

/** The deepest matched route's next page, or undefined. */
export const useNextPage = (): string | undefined =>
  useMatches()
    .map((match) => (isNextPageHandle(match.handle) ? match.handle.nextPage : undefined))
    .findLast((nextPage) => nextPage !== undefined);
