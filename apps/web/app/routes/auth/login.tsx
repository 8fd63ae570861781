import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../features/auth/components/auth-page';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth:login.title')}>
      <LoginForm kind="customer" />
    </AuthPage>
  );
}
