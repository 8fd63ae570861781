import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SetPasswordForm } from '../features/auth/components/set-password-form';
import { GuestPage } from '../layout/guest-page';
import { loadArea } from '../lib/i18n';

export const clientLoader = loadArea('auth');

/** Where a staff invitation leads: choose a password, then log in. */
export default function SetPasswordPage() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  return (
    <GuestPage title={t('admin-auth:setPassword.title')} subtitle={t('admin-auth:setPassword.subtitle')}>
      <SetPasswordForm token={params.get('token') ?? ''} />
    </GuestPage>
  );
}
