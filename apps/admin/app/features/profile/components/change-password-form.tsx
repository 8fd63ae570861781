import { type ChangePasswordBody, changePasswordBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';

const empty: ChangePasswordBody = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Current, new and repeated password (`changePasswordBodySchema`). "Password successfully changed." and
 * "The provided password does not match your current password." come from the server (SPEC section 8).
 */
export const ChangePasswordForm = () => {
  const { t } = useTranslation(['admin-profile', 'admin', 'common']);
  const form = useApiForm(changePasswordBodySchema, {
    defaultValues: empty,
    mutation: useChangePassword(),
    onSuccess: ({ message }) => {
      form.reset(empty);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });

  return (
    <FormShell
      form={form}
      maw={420}
      data-testid="change-password-form"
      submitLabel={t('changePassword.submit')}
      submitProps={{ style: { alignSelf: 'flex-start' } }}
    >
      <PasswordField form={form} name="currentPassword" autoComplete="current-password" required />
      <PasswordField
        form={form}
        name="password"
        label={t('changePassword.newPassword')}
        autoComplete="new-password"
        required
      />
      <PasswordField form={form} name="confirmPassword" autoComplete="new-password" required />
    </FormShell>
  );
};
