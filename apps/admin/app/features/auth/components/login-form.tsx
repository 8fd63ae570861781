import { loginBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { EmailField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { useTranslation } from 'react-i18next';
import { useLoginStaff } from '../api/login';

/** Staff sign in with e-mail and password; `onLoggedIn` runs once the session holds the user. */
export const LoginForm = ({ onLoggedIn }: { onLoggedIn: () => void }) => {
  const { t } = useTranslation(['admin-auth', 'admin', 'common']);
  const form = useApiForm(loginBodySchema, {
    defaultValues: { email: '', password: '' },
    mutation: useLoginStaff(),
    onSuccess: () => {
      onLoggedIn();
      return undefined;
    },
    fallback: 'GENERIC',
  });

  return (
    <FormShell form={form} gap="sm" submitLabel={t('login.submit')} submitProps={{ fullWidth: true }}>
      <EmailField form={form} name="email" autoComplete="username" required />
      <PasswordField form={form} name="password" autoComplete="current-password" required />
    </FormShell>
  );
};
