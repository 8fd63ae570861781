import { QueryClient } from '@tanstack/react-query';

let browserClient: QueryClient | undefined;

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });

/**
 * The TanStack Query client of the pages that fetch in the browser (account, portal, auth, dev mailbox). Public
 * pages get their data from loaders, so the query library stays out of their first load: only the layouts that
 * need it render <QueryProvider>. One client per browser tab, a fresh one per server render.
 */
export const getQueryClient = (): QueryClient => {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
};
