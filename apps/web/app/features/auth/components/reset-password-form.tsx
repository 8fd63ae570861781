import { resetPasswordBodySchema } from '@esim/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { resetPassword } from '../api/reset-password';
import { useFieldError } from './use-field-error';

const fields = ['password', 'confirmPassword'] as const;

export const ResetPasswordForm = ({ token, portal }: { token: string; portal: boolean }) => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const fieldError = useFieldError(form.formState.errors);
  const loginPath = portal ? '/portal/login' : '/login';

  const onSubmit = form.handleSubmit(async (values) => {
    setFeedback(null);
    try {
      const result = await resetPassword(values);
      setFeedback({ kind: 'success', message: result.message });
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  if (feedback?.kind === 'success')
    return (
      <Stack gap="md">
        <FormAlert feedback={feedback} />
        <Button component={Link} to={loginPath}>
          {t('auth.reset.toLogin')}
        </Button>
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert feedback={feedback} />
      <input type="hidden" {...form.register('token')} />
      <Stack gap="md">
        <PasswordInput
          {...form.register('password')}
          label={t('common:fields.password')}
          description={t('auth.passwordHint')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('password')}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
        />
        <PasswordInput
          {...form.register('confirmPassword')}
          label={t('common:fields.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          error={fieldError('confirmPassword')}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
        />
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
};
