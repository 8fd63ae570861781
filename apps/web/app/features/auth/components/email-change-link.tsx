import '../../../styles/form-styles';
import { describeError } from '@esim/ui/describe-error';
import { FormAlert } from '@esim/ui/form/form-shell';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useIsHydrated } from '../../../lib/use-is-hydrated';
import { usePathTexts } from '../../../lib/use-lazy-texts';
import { type EmailChangeAction, useEmailChangeLink } from '../api/email-change';
import { AuthPage } from './auth-page';

/**
 * The page behind both links of an e-mail change (ADR 0018): `confirm` (sent to the new address) makes it the
 * login address; `cancel` (sent to the old one) stops or undoes the change and signs out everywhere.
 */
export const EmailChangeLink = ({ action }: { action: EmailChangeAction }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const hydrated = useIsHydrated();
  const result = useEmailChangeLink(action, hydrated ? token : null);
  const kind = result.data?.kind;
  // The `auth` texts (ADR 0075), there at once on these e-mail links' pages; a loader after a client navigation.
  const textsReady = usePathTexts();

  const content = () => {
    if (!token)
      return (
        <FormAlert feedback={{ kind: 'error', message: t('common:errors.EMAIL_CHANGE_TOKEN_INVALID') }} />
      );
    if (result.isSuccess) return <FormAlert feedback={{ kind: 'success', message: result.data.message }} />;
    if (result.isError)
      return <FormAlert feedback={{ kind: 'error', message: describeError(t, result.error) }} />;
    return <PageLoader />;
  };

  const done = result.isSuccess || result.isError || !token;
  if (!textsReady) return <PageLoader />;
  return (
    <AuthPage
      title={t(action === 'confirm' ? 'auth:emailChange.confirmTitle' : 'auth:emailChange.cancelTitle')}
    >
      <Stack gap="md" data-testid="email-change-link">
        {content()}
        {done && kind === 'staff' ? <Text size="sm">{t('auth:emailChange.staffNote')}</Text> : null}
        {done && action === 'cancel' && result.isSuccess && kind !== 'staff' ? (
          <Button
            component={Link}
            to={kind === 'shop' ? '/forgot-password?portal=1' : '/forgot-password'}
            data-testid="email-change-forgot"
          >
            {t('auth:emailChange.toForgot')}
          </Button>
        ) : null}
        {done && kind !== 'staff' ? (
          <Button
            component={Link}
            variant={action === 'cancel' && result.isSuccess ? 'default' : 'filled'}
            to={kind === 'shop' ? '/portal/login' : '/login'}
          >
            {t('auth:emailChange.toLogin')}
          </Button>
        ) : null}
      </Stack>
    </AuthPage>
  );
};
