import { useMatches } from 'react-router';

/**
 * A route's `handle.nextPage`: the route (its id in React Router's manifest, e.g. `routes/checkout/order`) a
 * visitor most likely opens next from it. On a page's first load the server has the browser fetch that route's
 * code into its cache once the page's own scripts are in (apps/server/src/plugins/paint-first.ts, ADR 0025),
 * so the next page opens without waiting for its chunks.
 */
export type NextPageHandle = { nextPage: string };

const isNextPageHandle = (handle: unknown): handle is NextPageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as NextPageHandle).nextPage === 'string';

/** The deepest matched route's next page, or undefined. */
export const useNextPage = (): string | undefined =>
  useMatches()
    .map((match) => (isNextPageHandle(match.handle) ? match.handle.nextPage : undefined))
    .findLast((nextPage) => nextPage !== undefined);
