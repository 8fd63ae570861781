import type { Balances } from '@esim/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/portal/credits: paid credit, bonus and their total. */
export const getBalances = (signal?: AbortSignal) =>
  api.get<Balances>('/portal/credits', signal ? { signal } : {});

export const balancesQueryOptions = () =>
  queryOptions({ queryKey: ['portal', 'credits'], queryFn: ({ signal }) => getBalances(signal) });

export const useBalances = () => useQuery(balancesQueryOptions());
