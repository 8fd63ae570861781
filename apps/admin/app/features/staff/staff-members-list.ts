/** The staff accounts list (manage roles), defined once. */
import { staffMembersQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { listStaffMembers } from './api/list-staff-members';

/** A staff member's state and role in words and colour: list cells, filters, detail badges and history. */
export const staffMemberStatus = defineStatuses('admin-staff:staffMembers.statuses', {
  active: 'green',
  deactivated: 'red',
});
export const staffRole = defineStatuses('admin:staffRoles', {
  admin: 'blue',
  editor: 'blue',
  analytics: 'blue',
});

export const staffMembersList = defineList({
  id: 'staff-members',
  query: staffMembersQuerySchema,
  fetch: listStaffMembers,
  labels: 'admin-staff:staffMembers',
  rowId: (member) => member.id,
  columns: (col) => [
    col.custom('name', (m) => `${m.firstName} ${m.lastName}`, { opensDetail: true }),
    col.text('email', { sortable: true }),
    col.status('role', staffRole),
    col.status('status', staffMemberStatus),
    col.boolean('invitationPending', 'admin:yesNo'),
    col.date('createdAt', { sortable: true, time: false }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('role', staffRole),
    filter.select('status', staffMemberStatus),
  ],
});
