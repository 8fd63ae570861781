/** The staff coupon endpoints (admin only): the list, one coupon, create and edit. */
import type { Paged } from '@esim/contracts';
import type { Coupon, CouponResponse, CouponsQuery, CouponValues } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listCoupons = (query: CouponsQuery, signal?: AbortSignal) =>
  api.get<Paged<Coupon>>('/staff/coupons', { query, ...(signal ? { signal } : {}) });

const path = (id: string) => `/staff/coupons/${encodeURIComponent(id)}`;
const key = (id: string) => ['coupon', id] as const;

export const useCoupon = (id: string) =>
  useQuery({ queryKey: key(id), queryFn: ({ signal }) => api.get<Coupon>(path(id), { signal }) });

/** Create (no id) or edit; the list and the coupon are read again after. */
export const useSaveCoupon = (listId: string, id?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponValues) =>
      id ? api.put<CouponResponse>(path(id), body) : api.post<CouponResponse>('/staff/coupons', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [listId] }),
        ...(id ? [queryClient.invalidateQueries({ queryKey: key(id) })] : []),
      ]),
  });
};
