/** eSIMs listed to be freed and freed ones (admin only); freeing the chosen ones at the provider. */
import type { Paged } from '@esim/contracts';
import type { EsimRelease, EsimReleasesQuery, FreeEsimsResult } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listEsimReleases = (query: EsimReleasesQuery, signal?: AbortSignal) =>
  api.get<Paged<EsimRelease>>('/staff/settings/esim-releases', { query, ...(signal ? { signal } : {}) });

export const useFreeEsims = (listIds: readonly string[]) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      api.post<FreeEsimsResult>('/staff/settings/esim-releases/free', { ids }),
    onSettled: () => Promise.all(listIds.map((id) => queryClient.invalidateQueries({ queryKey: [id] }))),
  });
};
