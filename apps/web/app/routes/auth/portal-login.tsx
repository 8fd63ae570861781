import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../features/auth/components/auth-page';
import { LoginForm } from '../../features/auth/components/login-form';

export default function PortalLoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth:portalLogin.title')} intro={t('auth:portalLogin.intro')}>
      <LoginForm kind="shop" />
    </AuthPage>
  );
}
