import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { ChangePasswordForm } from '../features/profile/components/change-password-form';
import { loadArea } from '../lib/i18n';

export const clientLoader = loadArea('profile');

export default function ChangePasswordPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <PageTitle>{t('screens.changePassword')}</PageTitle>
      <Paper withBorder radius="md" p="lg" maw={520}>
        <ChangePasswordForm />
      </Paper>
    </>
  );
}
