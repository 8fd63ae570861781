/** GET /api/staff/clients/:clientId: a client's profile, latest orders, eSIMs and history. */
import type { ClientDetail } from '@esim/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const clientQueryKey = (clientId: string) => ['client', clientId] as const;

export const useClient = (clientId: string) =>
  useQuery({
    queryKey: clientQueryKey(clientId),
    queryFn: ({ signal }) =>
      api.get<ClientDetail>(`/staff/clients/${encodeURIComponent(clientId)}`, { signal }),
  });
