import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { CreateStaffMemberForm } from '../../features/staff/components/create-staff-member-form';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('staff');

/** SPEC section 2 `/staff/create-user` (admin only): a staff account with a role, invited by e-mail. */
export default function CreateUser() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t('screens.staffCreateUser')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={640}>
        <CreateStaffMemberForm />
      </Paper>
    </>
  );
}
