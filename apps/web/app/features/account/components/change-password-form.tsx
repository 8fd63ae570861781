import { type ChangePasswordBody, changePasswordBodySchema } from '@esim/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { useFieldError } from '../../auth/components/use-field-error';
import { changePassword } from '../api/change-password';

const fields = ['currentPassword', 'password', 'confirmPassword'] as const;
const empty: ChangePasswordBody = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Current, new and repeated password. "Password successfully changed." and "The provided password does not
 * match your current password." (under the field) come from the server (SPEC section 8).
 */
export const ChangePasswordForm = () => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: empty,
  });
  const fieldError = useFieldError(form.formState.errors);
  const toggle = { 'aria-label': t('auth.togglePassword') };

  const onSubmit = form.handleSubmit(async (values) => {
    setFeedback(null);
    try {
      const { message } = await changePassword(values);
      form.reset(empty);
      setFeedback({ kind: 'success', message });
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <FormAlert feedback={feedback} />
      <Stack gap="md" maw={460}>
        <PasswordInput
          {...form.register('currentPassword')}
          label={t('common:fields.currentPassword')}
          autoComplete="current-password"
          withAsterisk
          error={fieldError('currentPassword')}
          visibilityToggleButtonProps={toggle}
        />
        <PasswordInput
          {...form.register('password')}
          label={t('account.profile.newPassword')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('password')}
          visibilityToggleButtonProps={toggle}
        />
        <PasswordInput
          {...form.register('confirmPassword')}
          label={t('common:fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('confirmPassword')}
          visibilityToggleButtonProps={toggle}
        />
        <Text size="sm" c="dark.6">
          {t('account.profile.passwordNote')}
        </Text>
        <div>
          <Button type="submit" loading={form.formState.isSubmitting} data-testid="change-password-submit">
            {t('account.profile.changePassword')}
          </Button>
        </div>
      </Stack>
    </form>
  );
};
