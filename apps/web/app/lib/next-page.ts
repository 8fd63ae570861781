import { useMatches } from 'react-router';

/**
 * A route's `handle.nextPage`: the route (its id in React Router's manifest, e.g. `routes/checkout/order`) a
 * visitor most likely opens next from it. On a page's first load the server lists that route in React Router's
 * manifest (apps/server/src/plugins/paint-first.ts), so following a link to it needs no route discovery first:
 * its code and data are asked for as soon as the link is followed.
 */
export type NextPageHandle = { nextPage: string };

const isNextPageHandle = (handle: unknown): handle is NextPageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as NextPageHandle).nextPage === 'string';

/** The deepest matched route's next page, or undefined. */
export const useNextPage = (): string | undefined =>
  useMatches()
    .map((match) => (isNextPageHandle(match.handle) ? match.handle.nextPage : undefined))
    .findLast((nextPage) => nextPage !== undefined);
