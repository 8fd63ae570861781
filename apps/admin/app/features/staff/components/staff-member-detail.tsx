import { type StaffRole, staffRoles } from '@esim/contracts';
import type { StaffMember } from '@esim/contracts/staff';
import { ActionButton, ActionGroup } from '@esim/ui/detail/action-button';
import { DetailPage, StatusBadge } from '@esim/ui/detail/detail-page';
import { useAction } from '@esim/ui/detail/use-action';
import { statusTones } from '@esim/ui/status-list';
import { Badge, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeEntry, HistorySection } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useChangeStaffMember } from '../api/change-staff-member';
import { useStaffMember } from '../api/get-staff-member';
import { staffMemberStatus, staffRole } from '../staff-members-list';

/** A new role, and deactivate (asks first: it ends the member's access) or reactivate. */
const RoleAndState = ({ member }: { member: StaffMember }) => {
  const { t } = useTranslation('admin-staff');
  const change = useAction(useChangeStaffMember(member.id));
  const [role, setRole] = useState<StaffRole>(member.role);
  const { version } = member;
  return (
    <ActionGroup actions={[change]} errorTestId="staff-action-error">
      <NativeSelect
        label={t('staffMembers.role')}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
        data={staffRoles.map((r) => ({ value: r, label: staffRole.label(t, r) }))}
        data-testid="staff-role"
      />
      <ActionButton
        action={change}
        label={t('staffMembers.saveRole')}
        variables={{ version, role }}
        disabled={role === member.role}
        data-testid="staff-role-save"
      />
      {member.status === 'active' ? (
        <ActionButton
          action={change}
          label={t('staffMembers.deactivate')}
          confirm={{
            title: t('staffMembers.confirmDeactivate.title'),
            message: t('staffMembers.confirmDeactivate.message', {
              name: `${member.firstName} ${member.lastName}`,
            }),
          }}
          variables={{ version, status: 'deactivated' }}
          data-testid="staff-deactivate"
        />
      ) : (
        <ActionButton
          action={change}
          label={t('staffMembers.reactivate')}
          variables={{ version, status: 'active' }}
          data-testid="staff-reactivate"
        />
      )}
    </ActionGroup>
  );
};

/** A staff member's detail (the drawer of manage roles): role, state and the history of changes. */
export const StaffMemberDetail = ({ staffId }: { staffId: string }) => {
  const { t } = useTranslation('admin-staff');
  const answer = useStaffMember(staffId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { member, history } = answer.data;
  const valueLabel = (field: string, value: unknown) =>
    field === 'role'
      ? staffRole.label(t, value as StaffRole)
      : staffMemberStatus.label(t, value as StaffMember['status']);
  return (
    <DetailPage
      title={`${member.firstName} ${member.lastName}`}
      subtitle={member.email}
      status={{ statuses: staffMemberStatus, value: member.status, 'data-testid': 'staff-status' }}
      badges={
        <>
          <StatusBadge statuses={staffRole} value={member.role} />
          {member.invitationPending ? (
            <Badge color={statusTones.brown} variant="filled">
              {t('staffMembers.invitationPending')}
            </Badge>
          ) : null}
        </>
      }
      // A new version (after a save) resets the role picker to what was saved.
      actions={<RoleAndState key={member.version} member={member} />}
      data-testid="staff-member-detail"
    >
      <HistorySection
        entries={history}
        describe={(entry) => describeEntry(entry, t, 'staffMembers.audit', valueLabel)}
      />
    </DetailPage>
  );
};
