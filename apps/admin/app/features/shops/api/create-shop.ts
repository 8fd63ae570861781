/** POST /api/staff/shops: a shop and its first user, invited by e-mail. */
import type { CreateShopBody, ShopResponse } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopsList } from '../shops-list';

export const useCreateShop = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShopBody) => api.post<ShopResponse>('/staff/shops', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [shopsList.id] }),
  });
};
