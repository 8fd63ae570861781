/** PATCH /api/staff/staff-members/:staffId: a new role, or deactivate / reactivate, with the version on screen. */
import type { ChangeStaffMemberBody, StaffMemberResponse } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffMembersList } from '../staff-members-list';
import { staffMemberQueryKey } from './get-staff-member';

export const useChangeStaffMember = (staffId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStaffMemberBody) =>
      api.patch<StaffMemberResponse>(`/staff/staff-members/${encodeURIComponent(staffId)}`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffMemberQueryKey(staffId) }),
        queryClient.invalidateQueries({ queryKey: [staffMembersList.id] }),
      ]),
  });
};
