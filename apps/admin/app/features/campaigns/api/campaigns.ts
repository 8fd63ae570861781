/** The staff campaign endpoints (admin and analytics): list, one campaign, create, edit, texts, orders. */
import type { Paged } from '@esim/contracts';
import type {
  Campaign,
  CampaignLanguagesValues,
  CampaignOrders,
  CampaignResponse,
  CampaignsQuery,
  CampaignValues,
} from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listCampaigns = (query: CampaignsQuery, signal?: AbortSignal) =>
  api.get<Paged<Campaign>>('/staff/campaigns', { query, ...(signal ? { signal } : {}) });

const path = (id: string) => `/staff/campaigns/${encodeURIComponent(id)}`;
const key = (id: string) => ['campaign', id] as const;

export const useCampaign = (id: string) =>
  useQuery({ queryKey: key(id), queryFn: ({ signal }) => api.get<Campaign>(path(id), { signal }) });

export const useCampaignOrders = (id: string, page: number) =>
  useQuery({
    queryKey: [...key(id), 'orders', page],
    queryFn: ({ signal }) =>
      api.get<CampaignOrders>(`${path(id)}/orders`, { query: { page, pageSize: 50 }, signal }),
  });

const useInvalidate = (listId: string, id?: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [listId] }),
      ...(id ? [queryClient.invalidateQueries({ queryKey: key(id) })] : []),
    ]);
};

/** Create (no id) or edit. */
export const useSaveCampaign = (listId: string, id?: string) => {
  const invalidate = useInvalidate(listId, id);
  return useMutation({
    mutationFn: (body: CampaignValues) =>
      id ? api.put<CampaignResponse>(path(id), body) : api.post<CampaignResponse>('/staff/campaigns', body),
    onSuccess: invalidate,
  });
};

export const useSaveCampaignTexts = (listId: string, id: string) => {
  const invalidate = useInvalidate(listId, id);
  return useMutation({
    mutationFn: (body: CampaignLanguagesValues) => api.put<CampaignResponse>(`${path(id)}/languages`, body),
    onSuccess: invalidate,
  });
};
