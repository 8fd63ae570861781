/** GET /api/staff/staff-members/:staffId: a staff account and its history. */
import type { StaffMemberDetail } from '@esim/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const staffMemberQueryKey = (staffId: string) => ['staff-member', staffId] as const;

export const useStaffMember = (staffId: string) =>
  useQuery({
    queryKey: staffMemberQueryKey(staffId),
    queryFn: ({ signal }) =>
      api.get<StaffMemberDetail>(`/staff/staff-members/${encodeURIComponent(staffId)}`, { signal }),
  });
