/** GET/PUT /api/staff/settings/general and the restore of a version (admin only). */
import type { GeneralOptionsResponse, SaveGeneralOptionsBody, SettingSaved } from '@esim/contracts/staff';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const generalOptionsQuery = () =>
  queryOptions({
    queryKey: ['staff', 'settings', 'general'],
    queryFn: () => api.get<GeneralOptionsResponse>('/staff/settings/general'),
  });

export const useGeneralOptions = () => useQuery(generalOptionsQuery());

export const useSaveGeneralOptions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGeneralOptionsBody) => api.put<SettingSaved>('/staff/settings/general', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generalOptionsQuery().queryKey }),
  });
};

export const useRestoreGeneralOptions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, version }: { versionId: string; version: number }) =>
      api.post<SettingSaved>(`/staff/settings/general/versions/${encodeURIComponent(versionId)}/restore`, {
        version,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generalOptionsQuery().queryKey }),
  });
};
