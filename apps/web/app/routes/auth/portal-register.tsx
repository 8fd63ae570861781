import { useTranslation } from 'react-i18next';
import { AuthPage } from '../../features/auth/components/auth-page';
import { PortalRegisterForm } from '../../features/auth/components/portal-register-form';

export default function PortalRegisterRoute() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth:portalRegister.title')} intro={t('auth:portalRegister.intro')} size="sm">
      <PortalRegisterForm />
    </AuthPage>
  );
}
