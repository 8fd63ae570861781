import '../../../styles/form-styles';
import { resetPasswordBodySchema } from '@esim/contracts';
import { FormAlert, FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetPassword } from '../api/reset-password';

export const ResetPasswordForm = ({ token, portal }: { token: string; portal: boolean }) => {
  const { t } = useTranslation();
  const form = useApiForm(resetPasswordBodySchema, {
    defaultValues: { token, password: '', confirmPassword: '' },
    onSubmit: resetPassword,
    onSuccess: (result) => ({ kind: 'success', message: result.message }),
  });
  const loginPath = portal ? '/portal/login' : '/login';

  if (form.feedback?.kind === 'success')
    return (
      <Stack gap="md">
        <FormAlert feedback={form.feedback} />
        <Button component={Link} to={loginPath}>
          {t('auth:reset.toLogin')}
        </Button>
      </Stack>
    );

  return (
    <FormShell form={form} submitLabel={t('auth:reset.submit')} submitProps={{ fullWidth: true }}>
      <input type="hidden" {...form.register('token')} />
      <PasswordField
        form={form}
        name="password"
        description={t('auth:passwordHint')}
        autoComplete="new-password"
        required
      />
      <PasswordField form={form} name="confirmPassword" autoComplete="new-password" required />
    </FormShell>
  );
};
