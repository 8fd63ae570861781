/** The Facebook ads screens' calls (issue 33, ADR 0069): each answer and its table as CSV. */
import type {
  FacebookAdsCampaigns,
  FacebookAdsInsights,
  FacebookAdsQuery,
  FacebookAdsSyncInput,
  FacebookAdsSyncResult,
  FacebookAdsTotal,
} from '@esim/contracts/staff';
import { saveFile } from '@esim/ui/save-file';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The attributed orders are a list of their own (list-facebook-ad-orders.ts).
export type FacebookScreen = 'total' | 'campaigns' | 'insights';

const useFacebook = <T>(screen: FacebookScreen, query: FacebookAdsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['facebook-ads', screen, query.from, query.to],
    queryFn: ({ signal }) =>
      api.get<T>(`/staff/facebook/ads/${screen}`, { query: { from: query.from, to: query.to }, signal }),
    enabled,
    // A new range keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useFacebookTotal = (query: FacebookAdsQuery, enabled: boolean) =>
  useFacebook<FacebookAdsTotal>('total', query, enabled);
export const useFacebookCampaigns = (query: FacebookAdsQuery, enabled: boolean) =>
  useFacebook<FacebookAdsCampaigns>('campaigns', query, enabled);
export const useFacebookInsights = (query: FacebookAdsQuery, enabled: boolean) =>
  useFacebook<FacebookAdsInsights>('insights', query, enabled);

/** Downloads a screen's table with the server's figures (the same as the answer's). */
export const downloadFacebookCsv = async (screen: FacebookScreen, query: FacebookAdsQuery) => {
  const csv = await api.get<string>(`/staff/facebook/ads/${screen}.csv`, {
    query: { from: query.from, to: query.to },
  });
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    `facebook-ads-${screen}-${query.from}-${query.to}.csv`,
  );
};

/** POST /api/staff/facebook/ads/sync (admin): the range's days again from the ad platform; then every screen reloads. */
export const useSyncFacebookAds = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer has counts, not a sentence (no `message`): the screen words them.
    mutationFn: (range: FacebookAdsSyncInput) =>
      api.post<FacebookAdsSyncResult & { message?: undefined }>('/staff/facebook/ads/sync', range),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['facebook-ads'] }),
  });
};
