import { type StaffRole, staffRoles } from '@esim/contracts';
import type { StaffMember } from '@esim/contracts/staff';
import { describeError } from '@esim/ui/describe-error';
import { ConfirmButton } from '@esim/ui/feedback/confirm-button';
import { useToast } from '@esim/ui/feedback/toast';
import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changedFields, HistoryList } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { useChangeStaffMember } from '../api/change-staff-member';
import { useStaffMember } from '../api/get-staff-member';

const RoleAndState = ({ member }: { member: StaffMember }) => {
  const { t } = useTranslation(['admin', 'common']);
  const toast = useToast();
  const change = useChangeStaffMember(member.id);
  const [role, setRole] = useState<StaffRole>(member.role);
  const run = (body: { role?: StaffRole; status?: StaffMember['status'] }) =>
    change.mutateAsync({ version: member.version, ...body }).then(
      ({ message }) => toast(message),
      () => undefined,
    );
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={t('staffMembers.role')}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as StaffRole)}
          data={staffRoles.map((r) => ({ value: r, label: t(`admin:staffRoles.${r}`) }))}
          data-testid="staff-role"
        />
        <Button
          variant="default"
          disabled={role === member.role}
          loading={change.isPending && Boolean(change.variables?.role)}
          onClick={() => void run({ role })}
          data-testid="staff-role-save"
        >
          {t('staffMembers.saveRole')}
        </Button>
      </Group>
      <Group gap="sm">
        {member.status === 'active' ? (
          <ConfirmButton
            variant="outline"
            color="red.9"
            title={t('staffMembers.confirmDeactivate.title')}
            message={t('staffMembers.confirmDeactivate.message', { name })}
            confirmLabel={t('staffMembers.deactivate')}
            cancelLabel={t('clients.cancel')}
            onConfirm={() => run({ status: 'deactivated' })}
            data-testid="staff-deactivate"
          >
            {t('staffMembers.deactivate')}
          </ConfirmButton>
        ) : (
          <Button
            variant="default"
            onClick={() => void run({ status: 'active' })}
            data-testid="staff-reactivate"
          >
            {t('staffMembers.reactivate')}
          </Button>
        )}
      </Group>
      {change.isError ? (
        <Alert color="red.9" variant="outline" role="alert" data-testid="staff-action-error">
          {describeError(t, change.error, 'GENERIC')}
        </Alert>
      ) : null}
    </Stack>
  );
};

/** A staff member's detail (the drawer of manage roles): role, state and the history of changes. */
export const StaffMemberDetail = ({ staffId }: { staffId: string }) => {
  const { t } = useTranslation(['admin', 'common']);
  const answer = useStaffMember(staffId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const { member, history } = answer.data;
  const valueLabel = (field: string, value: unknown) =>
    field === 'role' ? t(`admin:staffRoles.${String(value)}`) : t(`staffMembers.statuses.${String(value)}`);
  return (
    <Stack gap="lg" data-testid="staff-member-detail">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {member.firstName} {member.lastName}
        </Title>
        <Text c="gray.7">{member.email}</Text>
        <Group gap="xs">
          <Badge color="#1e3a8a" variant="filled">
            {t(`admin:staffRoles.${member.role}`)}
          </Badge>
          <Badge
            color={member.status === 'active' ? '#1e6b34' : '#a61b1b'}
            variant="filled"
            data-testid="staff-status"
          >
            {t(`staffMembers.statuses.${member.status}`)}
          </Badge>
          {member.invitationPending ? (
            <Badge color="#5c3d00" variant="filled">
              {t('staffMembers.invitationPending')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
      {/* A new version (after a save) resets the role picker to what was saved. */}
      <RoleAndState key={member.version} member={member} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('clients.history')}
        </Title>
        <HistoryList
          entries={history}
          describe={(entry) =>
            `${t(`staffMembers.audit.${entry.action.replace('staff.', '')}`)} ${changedFields(entry, valueLabel)}`.trim()
          }
          empty={t('clients.noHistory')}
        />
      </Stack>
    </Stack>
  );
};
