import '../../styles/form-styles';
import { describeError } from '@esim/ui/describe-error';
import { FormAlert } from '@esim/ui/form/form-shell';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { useVerifyEmail } from '../../features/auth/api/verify-email';
import { AuthPage } from '../../features/auth/components/auth-page';
import { useIsHydrated } from '../../lib/use-is-hydrated';

/** The link in the shop verification e-mail: /portal/verify-email?token=… */
function VerifyEmailRouteContent() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useIsHydrated();
  const verification = useVerifyEmail(hydrated ? token : null);

  const content = () => {
    if (!token)
      return (
        <FormAlert feedback={{ kind: 'error', message: t('common:errors.VERIFICATION_TOKEN_INVALID') }} />
      );
    if (verification.isSuccess)
      return <FormAlert feedback={{ kind: 'success', message: verification.data.message }} />;
    if (verification.isError)
      return <FormAlert feedback={{ kind: 'error', message: describeError(t, verification.error) }} />;
    return <PageLoader />;
  };

  return (
    <AuthPage title={t('auth.verify.title')}>
      <Stack gap="md" data-testid="verify-email">
        {content()}
        {verification.isSuccess || verification.isError || !token ? (
          <Button component={Link} to="/portal/login">
            {t('auth.verify.toLogin')}
          </Button>
        ) : null}
      </Stack>
    </AuthPage>
  );
}

export default function VerifyEmailRoute() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <VerifyEmailRouteContent />
      </QueryProvider>
    </UiKitProvider>
  );
}
