/** Gift eSIMs (admin only): GET /api/staff/gift-esims (+ .csv, one gift) and POST …/:orderId/resend. */
import type { Paged, StaffActionBody } from '@esim/contracts';
import type { GiftEsimsQuery, ResendGiftEsimResponse, StaffGiftEsim } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const giftEsimsListId = 'gift-esims';

export const listGiftEsims = (query: GiftEsimsQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffGiftEsim>>('/staff/gift-esims', { query, ...(signal ? { signal } : {}) });

/** The whole filtered list as CSV, streamed by the server (not only the page on screen). */
export const exportGiftEsims = ({ sort, q, delivery }: GiftEsimsQuery) =>
  api.get<string>('/staff/gift-esims.csv', {
    query: { sort, ...(q ? { q } : {}), ...(delivery ? { delivery } : {}) },
  });

const giftQueryKey = (orderId: string) => ['gift-esim', orderId] as const;

export const useGiftEsim = (orderId: string) =>
  useQuery({
    queryKey: giftQueryKey(orderId),
    queryFn: ({ signal }) =>
      api.get<StaffGiftEsim>(`/staff/gift-esims/${encodeURIComponent(orderId)}`, { signal }),
  });

/** Resends to the recipient; the gift and the list reload after it. */
export const useResendGiftEsim = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffActionBody) =>
      api.post<ResendGiftEsimResponse>(`/staff/gift-esims/${encodeURIComponent(orderId)}/resend`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: giftQueryKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: [giftEsimsListId] }),
      ]),
  });
};
