/** POST /api/staff/staff-members: a new staff account, invited by e-mail to choose a password. */
import type { CreateStaffMemberBody, StaffMemberResponse } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffMembersList } from '../staff-members-list';

export const useCreateStaffMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffMemberBody) => api.post<StaffMemberResponse>('/staff/staff-members', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [staffMembersList.id] }),
  });
};
