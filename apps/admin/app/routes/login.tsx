import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { GuestPage } from '../layout/guest-page';
import { loadArea } from '../lib/i18n';

export const clientLoader = loadArea('auth');

export default function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <GuestPage title={t('admin-auth:login.title')} subtitle={t('admin-auth:login.subtitle')}>
      <LoginForm onLoggedIn={() => void navigate('/', { replace: true })} />
    </GuestPage>
  );
}
