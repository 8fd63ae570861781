import type { PackageType } from '@esim/contracts';
import type { PagedResellerPackages } from '@esim/contracts/portal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type ResellerPackagesParams = { type?: PackageType; q?: string; page: number };
export const resellerPackagesPageSize = 24;

/** GET /api/portal/packages: the reseller price list with the shop's suggested retail price. */
export const getResellerPackages = (params: ResellerPackagesParams, signal?: AbortSignal) =>
  api.get<PagedResellerPackages>('/portal/packages', {
    query: { ...params, pageSize: resellerPackagesPageSize },
    ...(signal ? { signal } : {}),
  });

export const resellerPackagesQueryOptions = (params: ResellerPackagesParams) =>
  queryOptions({
    queryKey: ['portal', 'packages', params],
    queryFn: ({ signal }) => getResellerPackages(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useResellerPackages = (params: ResellerPackagesParams) =>
  useQuery(resellerPackagesQueryOptions(params));
