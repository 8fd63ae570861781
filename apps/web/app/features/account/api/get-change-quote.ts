import type { changeEsimQuoteSchema } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import { isApiError } from '@esim/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type ChangeEsimQuote = z.infer<typeof changeEsimQuoteSchema>;

/** GET /api/account/esims/:esimId/change: what a change of this eSIM costs and how many packages move. */
export const getChangeQuote = (esimId: string, signal?: AbortSignal) =>
  api.get<ChangeEsimQuote>(`/account/esims/${encodeURIComponent(esimId)}/change`, signal ? { signal } : {});

export const changeQuoteQueryOptions = (esimId: string, locale: Locale) =>
  queryOptions({
    queryKey: ['account', 'esims', esimId, 'change', locale],
    queryFn: ({ signal }) => getChangeQuote(esimId, signal),
    staleTime: 0,
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status < 500),
  });

export const useChangeQuote = (esimId: string | null, locale: Locale) =>
  useQuery({ ...changeQuoteQueryOptions(esimId ?? '', locale), enabled: Boolean(esimId) });
