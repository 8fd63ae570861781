import type { CustomerEsim } from '@esim/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { esimsQueryKey } from './get-esims';

/** POST /api/account/esims/:esimId/usage: asks the provider for the eSIM's usage now; returns the eSIM. */
export const refreshUsage = (esimId: string) =>
  api.post<CustomerEsim>(`/account/esims/${encodeURIComponent(esimId)}/usage`);

/** Refreshes one eSIM and puts the answer into the eSIM list. */
export const useRefreshUsage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshUsage,
    onSuccess: (esim) =>
      queryClient.setQueryData<CustomerEsim[]>(esimsQueryKey, (list) =>
        list?.map((item) => (item.id === esim.id ? esim : item)),
      ),
  });
};
