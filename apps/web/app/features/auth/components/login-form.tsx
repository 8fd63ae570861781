import '../../../styles/form-styles';
import { loginBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { EmailField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login } from '../api/login';

export const LoginForm = ({ kind }: { kind: 'customer' | 'shop' }) => {
  const { t } = useTranslation();
  const portal = kind === 'shop';
  // GuestOnly sends the now signed-in user home.
  const form = useApiForm(loginBodySchema, {
    defaultValues: { email: '', password: '' },
    onSubmit: (values) => login(kind, values),
    fallback: 'GENERIC',
  });

  return (
    <FormShell
      form={form}
      data-testid="login-form"
      submitLabel={t('auth:login.submit')}
      submitProps={{ fullWidth: true }}
      footer={
        <Text size="sm">
          {portal ? t('auth:portalLogin.noAccount') : t('auth:login.noAccount')}{' '}
          <Anchor component={Link} to={portal ? '/portal/register' : '/register'}>
            {portal ? t('auth:portalLogin.register') : t('auth:login.register')}
          </Anchor>
        </Text>
      }
    >
      <EmailField form={form} name="email" required />
      <PasswordField form={form} name="password" autoComplete="current-password" required />
      <Anchor component={Link} to={portal ? '/forgot-password?portal=1' : '/forgot-password'} size="sm">
        {t('auth:login.forgot')}
      </Anchor>
    </FormShell>
  );
};
