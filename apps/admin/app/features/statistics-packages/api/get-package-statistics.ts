/** The package statistics (issue 33, ADR 0072): GET /api/staff/statistics/… and their CSV downloads. */
import type {
  PackageBuyers,
  PackageStatistics,
  PackageStatisticsQuery,
  PackagesByCountry,
  PackageUsers,
} from '@esim/contracts/staff';
import { saveFile } from '@esim/ui/save-file';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// A new range keeps the old figures on screen until its own arrive (no jump to a loader).
const options = { placeholderData: keepPreviousData, staleTime: 60_000 } as const;

export const usePackageStatistics = (query: PackageStatisticsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics-packages', query.from, query.to],
    queryFn: ({ signal }) => api.get<PackageStatistics>('/staff/statistics/packages', { query, signal }),
    enabled,
    ...options,
  });

export const usePackageBuyers = (slug: string, query: PackageStatisticsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics-package', slug, query.from, query.to],
    queryFn: ({ signal }) =>
      api.get<PackageBuyers>(`/staff/statistics/packages/${encodeURIComponent(slug)}`, { query, signal }),
    enabled,
    ...options,
  });

export const usePackageUsers = (
  packageId: string,
  query: PackageStatisticsQuery & { page: number },
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['statistics-package-users', packageId, query.from, query.to, query.page],
    queryFn: ({ signal }) =>
      api.get<PackageUsers>(`/staff/statistics/package-users/${encodeURIComponent(packageId)}`, {
        query,
        signal,
      }),
    enabled,
    ...options,
  });

export const usePackagesByCountry = (query: PackageStatisticsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics-packages-by-country', query.from, query.to],
    queryFn: ({ signal }) =>
      api.get<PackagesByCountry>('/staff/statistics/packages-by-country', { query, signal }),
    enabled,
    ...options,
  });

/** Downloads one screen's table as CSV, with the server's figures (the same as the answer's). */
export const downloadCsv = async (path: string, query: PackageStatisticsQuery, fileName: string) => {
  const csv = await api.get<string>(path, { query });
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
};
