/** An application's detail, and approving or rejecting it with the version on screen. */
import type { BusinessDetail, BusinessResponse, RejectBusinessBody } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesList } from '../businesses-list';

const path = (id: string) => `/staff/businesses/${encodeURIComponent(id)}`;
const key = (id: string) => ['business', id] as const;

export const useBusiness = (id: string) =>
  useQuery({ queryKey: key(id), queryFn: ({ signal }) => api.get<BusinessDetail>(path(id), { signal }) });

const useRefresh = (id: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key(id) }),
      queryClient.invalidateQueries({ queryKey: [businessesList.id] }),
    ]);
};

export const useApproveBusiness = (id: string) => {
  const onSettled = useRefresh(id);
  return useMutation({
    mutationFn: (version: string) => api.post<BusinessResponse>(`${path(id)}/approve`, { version }),
    onSettled,
  });
};

export const useRejectBusiness = (id: string) => {
  const onSettled = useRefresh(id);
  return useMutation({
    mutationFn: (body: RejectBusinessBody) => api.post<BusinessResponse>(`${path(id)}/reject`, body),
    onSettled,
  });
};
