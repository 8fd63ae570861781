import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { GuestPage } from '../layout/guest-page';

export default function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <GuestPage title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm onLoggedIn={() => void navigate('/', { replace: true })} />
    </GuestPage>
  );
}
