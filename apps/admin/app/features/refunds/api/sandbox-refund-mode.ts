/** GET and PUT /api/staff/refunds/sandbox (admin only): the payments sandbox's "refunds fail" switch. */
import type { SandboxRefundMode } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['sandbox-refund-mode'] as const;

export const useSandboxRefundMode = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<SandboxRefundMode>('/staff/refunds/sandbox', { signal }),
  });

export const useSetSandboxRefundMode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (failRefunds: boolean) =>
      api.put<SandboxRefundMode>('/staff/refunds/sandbox', { failRefunds }),
    onSuccess: (mode) => queryClient.setQueryData(key, mode),
  });
};
