/** POST /api/staff/clients/:clientId/:action: block, unblock, delete, restore, or send a password reset. */
import type { ClientAction, ClientActionResponse } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientsList } from '../clients-list';
import { clientQueryKey } from './get-client';

/** Runs an action with the version on screen; the detail and every clients list reload after it. */
export const useClientAction = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, version }: { action: ClientAction; version: string }) =>
      api.post<ClientActionResponse>(`/staff/clients/${encodeURIComponent(clientId)}/${action}`, { version }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientQueryKey(clientId) }),
        queryClient.invalidateQueries({ queryKey: [clientsList.id] }),
      ]),
  });
};
