import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthPage } from '../../features/auth/components/auth-page';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const accountType = params.get('portal') === '1' ? 'shop' : 'customer';
  return (
    <AuthPage title={t('auth:forgot.title')} intro={t('auth:forgot.intro')}>
      <ForgotPasswordForm key={accountType} accountType={accountType} />
    </AuthPage>
  );
}
