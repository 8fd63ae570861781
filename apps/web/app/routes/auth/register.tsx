import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../features/auth/components/auth-page';
import { RegisterForm } from '../../features/auth/components/register-form';

export default function RegisterRoute() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth:register.title')} size="sm">
      <RegisterForm />
    </AuthPage>
  );
}
