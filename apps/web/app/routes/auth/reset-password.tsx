import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthPage } from '../../features/auth/components/auth-page';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const portal = params.get('portal') === '1';
  return (
    <AuthPage title={t('auth:reset.title')}>
      {token ? (
        <ResetPasswordForm token={token} portal={portal} />
      ) : (
        <Stack gap="md">
          <Alert color="red.9" variant="outline" role="alert">
            {t('auth:reset.missingToken')}
          </Alert>
          <Anchor component={Link} to={portal ? '/forgot-password?portal=1' : '/forgot-password'}>
            {t('auth:reset.requestNew')}
          </Anchor>
        </Stack>
      )}
    </AuthPage>
  );
}
