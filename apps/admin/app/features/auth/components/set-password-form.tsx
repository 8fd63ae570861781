import { type ResetPasswordBody, resetPasswordBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSetPassword } from '../api/set-password';

/** The new password twice; the token comes from the invitation link. Then: log in. */
export const SetPasswordForm = ({ token }: { token: string }) => {
  const { t } = useTranslation(['admin-auth', 'admin', 'common']);
  const [done, setDone] = useState(false);
  const empty: ResetPasswordBody = { token, password: '', confirmPassword: '' };
  const form = useApiForm(resetPasswordBodySchema, {
    defaultValues: empty,
    mutation: useSetPassword(),
    onSuccess: ({ message }) => {
      setDone(true);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  return (
    <>
      <FormShell form={form} submitLabel={t('setPassword.submit')} data-testid="set-password-form">
        <PasswordField form={form} name="password" autoComplete="new-password" required />
        <PasswordField form={form} name="confirmPassword" autoComplete="new-password" required />
      </FormShell>
      {done ? (
        <Anchor component={Link} to="/login" data-testid="set-password-login">
          {t('setPassword.toLogin')}
        </Anchor>
      ) : null}
    </>
  );
};
