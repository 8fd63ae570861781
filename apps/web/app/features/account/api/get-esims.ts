import type { CustomerEsim } from '@esim/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/account/esims: the customer's eSIMs, newest first, each with its packages and data usage. */
export const getEsims = (signal?: AbortSignal) =>
  api.get<{ items: CustomerEsim[] }>('/account/esims', signal ? { signal } : {});

export const esimsQueryKey = ['account', 'esims'] as const;

export const esimsQueryOptions = () =>
  queryOptions({
    queryKey: esimsQueryKey,
    queryFn: async ({ signal }) => (await getEsims(signal)).items,
    staleTime: 15_000,
  });

export const useEsims = () => useQuery(esimsQueryOptions());
