/** The manage-shop actions: approve / suspend / reactivate, sellShopPrice, and credit adjustments. */
import type {
  CreditAdjustmentBody,
  ShopAction,
  ShopResponse,
  StaffUpdateShopBody,
} from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopsList } from '../shops-list';
import { shopQueryKey } from './get-shop';

const path = (shopId: string) => `/staff/shops/${encodeURIComponent(shopId)}`;

/** Reloads the shop's page and every shops list after a change (or a refused one: it may be stale). */
const useRefresh = (shopId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shopQueryKey(shopId) }),
      queryClient.invalidateQueries({ queryKey: [shopsList.id] }),
    ]);
};

export const useShopAction = (shopId: string) => {
  const onSettled = useRefresh(shopId);
  return useMutation({
    mutationFn: ({ action, version }: { action: ShopAction; version: string }) =>
      api.post<ShopResponse>(`${path(shopId)}/${action}`, { version }),
    onSettled,
  });
};

export const useUpdateShop = (shopId: string) => {
  const onSettled = useRefresh(shopId);
  return useMutation({
    mutationFn: (body: StaffUpdateShopBody) => api.patch<ShopResponse>(path(shopId), body),
    onSettled,
  });
};

export const useAdjustCredit = (shopId: string) => {
  const onSettled = useRefresh(shopId);
  return useMutation({
    mutationFn: (body: CreditAdjustmentBody) => api.post<ShopResponse>(`${path(shopId)}/adjustments`, body),
    onSettled,
  });
};
