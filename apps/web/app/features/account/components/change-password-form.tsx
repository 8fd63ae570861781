import '../../../styles/form-styles';
import { type ChangePasswordBody, changePasswordBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/change-password';
import type { AccountArea } from '../api/update-profile';

const empty: ChangePasswordBody = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Current, new and repeated password. "Password successfully changed." and "The provided password does not
 * match your current password." (under the field) come from the server (SPEC section 8).
 */
export const ChangePasswordForm = ({ area = 'account' }: { area?: AccountArea }) => {
  const { t } = useTranslation();
  const form = useApiForm(changePasswordBodySchema, {
    defaultValues: empty,
    onSubmit: (body) => changePassword(body, area),
    onSuccess: ({ message }) => {
      form.reset(empty);
      return { kind: 'success', message };
    },
  });

  return (
    <FormShell
      form={form}
      data-testid="change-password-form"
      maw={460}
      submitLabel={t('account:profile.changePassword')}
      submitProps={{ 'data-testid': 'change-password-submit', style: { alignSelf: 'flex-start' } }}
    >
      <PasswordField form={form} name="currentPassword" autoComplete="current-password" required />
      <PasswordField
        form={form}
        name="password"
        label={t('account:profile.newPassword')}
        description={t('auth:passwordHint')}
        autoComplete="new-password"
        required
      />
      <PasswordField form={form} name="confirmPassword" autoComplete="new-password" required />
      <Text size="sm" c="dark.6">
        {t('account:profile.passwordNote')}
      </Text>
    </FormShell>
  );
};
