/** The privacy policy and terms per locale (every staff role): read, save, restore a version. */
import type { Locale } from '@esim/contracts';
import type { PolicyResponse, SavePolicyBody, SettingSaved } from '@esim/contracts/staff';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PolicyKey = PolicyResponse['key'];

const pathOf = (key: PolicyKey, locale: Locale) => `/staff/settings/policies/${key}/${locale}`;

const policyQuery = (key: PolicyKey, locale: Locale) =>
  queryOptions({
    queryKey: ['staff', 'settings', 'policy', key, locale],
    queryFn: () => api.get<PolicyResponse>(pathOf(key, locale)),
  });

export const usePolicy = (key: PolicyKey, locale: Locale) => useQuery(policyQuery(key, locale));

export const useSavePolicy = (key: PolicyKey, locale: Locale) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePolicyBody) => api.put<SettingSaved>(pathOf(key, locale), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyQuery(key, locale).queryKey }),
  });
};

export const useRestorePolicy = (key: PolicyKey, locale: Locale) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ versionId, version }: { versionId: string; version: number }) =>
      api.post<SettingSaved>(`${pathOf(key, locale)}/versions/${encodeURIComponent(versionId)}/restore`, {
        version,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyQuery(key, locale).queryKey }),
  });
};
