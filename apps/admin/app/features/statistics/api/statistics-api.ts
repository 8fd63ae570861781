/** The statistics screens' reads (admin and analytics, ADR 0066-0068) and their CSV tables. */
import type {
  CustomersByCountry,
  StatisticsQuery,
  TrafficOverview,
  TrafficSourceStatistics,
  TrafficSources,
  VisitorCountries,
} from '@esim/contracts/staff';
import { saveFile } from '@esim/ui/save-file';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const useStatistics = <T>(path: string, query: StatisticsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['statistics', path, query.from, query.to],
    queryFn: ({ signal }) => api.get<T>(`/staff/statistics/${path}`, { query, signal }),
    enabled,
    // A new range keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useTrafficOverview = (q: StatisticsQuery, enabled: boolean) =>
  useStatistics<TrafficOverview>('traffic', q, enabled);
export const useTrafficSources = (q: StatisticsQuery, enabled: boolean) =>
  useStatistics<TrafficSources>('traffic/sources', q, enabled);
export const useTrafficSource = (source: string, q: StatisticsQuery, enabled: boolean) =>
  useStatistics<TrafficSourceStatistics>(`traffic/sources/${encodeURIComponent(source)}`, q, enabled);
export const useVisitorCountries = (q: StatisticsQuery, enabled: boolean) =>
  useStatistics<VisitorCountries>('countries', q, enabled);
export const useCustomersByCountry = (q: StatisticsQuery, enabled: boolean) =>
  useStatistics<CustomersByCountry>('users-by-country', q, enabled);

/** Downloads one table with the server's figures (the same as the screen's). */
export const downloadStatisticsTable = async (csvPath: string, query: StatisticsQuery, table: string) => {
  const csv = await api.get<string>(`/staff/statistics/${csvPath}`, { query: { ...query, table } });
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    `${csvPath.replace(/[^a-z0-9]+/gi, '-').replace(/-csv$/, '')}-${table}-${query.from}-${query.to}.csv`,
  );
};
