/** The staff gift-card endpoints (admin only): the list, its CSV, one card with its redemptions, resend, release. */
import type { Paged } from '@esim/contracts';
import type {
  ReleaseGiftCardBody,
  ResendGiftCardBody,
  StaffGiftCard,
  StaffGiftCardDetail,
  StaffGiftCardsQuery,
} from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listGiftCards = (query: StaffGiftCardsQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffGiftCard>>('/staff/gift-cards', { query, ...(signal ? { signal } : {}) });

/** Every card matching the filters as CSV, streamed by the server. */
export const exportGiftCards = ({ page: _page, pageSize: _size, ...query }: StaffGiftCardsQuery) =>
  api.get<string>('/staff/gift-cards.csv', { query });

const path = (id: string) => `/staff/gift-cards/${encodeURIComponent(id)}`;
const key = (id: string) => ['gift-card', id] as const;

export const useGiftCard = (id: string) =>
  useQuery({
    queryKey: key(id),
    queryFn: ({ signal }) => api.get<StaffGiftCardDetail>(path(id), { signal }),
  });

export const useResendGiftCard = (id: string, listId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResendGiftCardBody) =>
      api.post<{ giftCard: StaffGiftCard; message: string }>(`${path(id)}/resend`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key(id) }),
        queryClient.invalidateQueries({ queryKey: [listId] }),
      ]),
  });
};

/** A blocked buyer's held card let go (ADR 0092). */
export const useReleaseGiftCard = (id: string, listId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseGiftCardBody) =>
      api.post<{ giftCard: StaffGiftCard; message: string }>(`${path(id)}/release`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key(id) }),
        queryClient.invalidateQueries({ queryKey: [listId] }),
      ]),
  });
};
