import type { PackageSummary } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import { isApiError } from '@esim/ui/api-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET /api/account/esims/:esimId/top-up-packages: only the packages that can go on this eSIM (same provider and
 * destination, top-up allowed); 409 ESIM_DISABLED for a replaced eSIM. Names come in the request's language.
 */
export const getTopUpPackages = (esimId: string, signal?: AbortSignal) =>
  api.get<{ items: PackageSummary[] }>(
    `/account/esims/${encodeURIComponent(esimId)}/top-up-packages`,
    signal ? { signal } : {},
  );

export const topUpPackagesQueryOptions = (esimId: string, locale: Locale) =>
  queryOptions({
    queryKey: ['account', 'esims', esimId, 'top-up-packages', locale],
    queryFn: async ({ signal }) => (await getTopUpPackages(esimId, signal)).items,
    staleTime: 60_000,
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status < 500),
  });

export const useTopUpPackages = (esimId: string | null, locale: Locale) =>
  useQuery({ ...topUpPackagesQueryOptions(esimId ?? '', locale), enabled: Boolean(esimId) });
