/** GET /api/staff/shops/:shopId: the shop's page (users, orders, ledger of a period, history). */
import type { ShopDetail } from '@esim/contracts/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const shopQueryKey = (shopId: string) => ['shop', shopId] as const;

export const useShop = (shopId: string, period: { from?: string; to?: string } = {}) =>
  useQuery({
    queryKey: [...shopQueryKey(shopId), period],
    queryFn: ({ signal }) =>
      api.get<ShopDetail>(`/staff/shops/${encodeURIComponent(shopId)}`, { query: period, signal }),
    placeholderData: keepPreviousData,
  });
