/** The staff accounts list (manage roles), defined once. */
import { staffRoles } from '@esim/contracts';
import { type StaffMember, staffMemberStatuses, staffMembersQuerySchema } from '@esim/contracts/staff';
import { col, defineList, filter } from '@esim/ui/list/define-list';
import { listStaffMembers } from './api/list-staff-members';

export const staffMembersList = defineList({
  id: 'staff-members',
  query: staffMembersQuerySchema,
  fetch: listStaffMembers,
  labels: 'admin:staffMembers',
  rowId: (member: StaffMember) => member.id,
  columns: [
    { id: 'name', cell: (m: StaffMember) => `${m.firstName} ${m.lastName}`, opensDetail: true },
    col.text<StaffMember>('email', { sortable: true }),
    col.status<StaffMember>('role', 'admin:staffRoles'),
    col.status<StaffMember>('status', 'admin:staffMembers.statuses'),
    col.boolean<StaffMember>('invitationPending', 'admin:staffMembers.yesNo'),
    col.date<StaffMember>('createdAt', { sortable: true, time: false }),
  ],
  filters: [
    filter.search('q'),
    filter.select('role', staffRoles, 'admin:staffRoles'),
    filter.select('status', staffMemberStatuses, 'admin:staffMembers.statuses'),
  ],
});
