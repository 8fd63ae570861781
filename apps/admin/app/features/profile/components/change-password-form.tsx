import { type ChangePasswordBody, changePasswordBodySchema } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { applyServerErrors, getFieldErrorMessage } from '@esim/ui/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';

const fields = ['currentPassword', 'password', 'confirmPassword'] as const;
type Feedback = { kind: 'success' | 'error'; text: string } | null;
const empty: ChangePasswordBody = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * Current, new and repeated password (`changePasswordBodySchema`). "Password successfully changed." and
 * "The provided password does not match your current password." come from the server (SPEC section 8).
 */
export const ChangePasswordForm = () => {
  const { t } = useTranslation(['admin', 'common']);
  const change = useChangePassword();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBodySchema), defaultValues: empty });

  const onSubmit = handleSubmit(async (body) => {
    setFeedback(null);
    try {
      const { message } = await change.mutateAsync(body);
      reset(empty);
      setFeedback({ kind: 'success', text: message });
    } catch (error) {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) {
        setFeedback({ kind: 'error', text: t('common:errors.GENERIC') });
        return;
      }
      const rest = applyServerErrors(setError, error.errors, fields);
      const text = error.errors ? rest.join(' ') : error.message;
      if (text) setFeedback({ kind: 'error', text });
    }
  });

  const fieldError = (name: (typeof fields)[number]) => getFieldErrorMessage(t, name, errors[name]);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <Stack maw={420}>
        {feedback ? (
          <Alert
            color={feedback.kind === 'success' ? 'green' : 'red'}
            role={feedback.kind === 'error' ? 'alert' : 'status'}
            data-testid="change-password-feedback"
          >
            {feedback.text}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('common:fields.currentPassword')}
          autoComplete="current-password"
          required
          {...register('currentPassword')}
          error={fieldError('currentPassword')}
        />
        <PasswordInput
          label={t('changePassword.newPassword')}
          autoComplete="new-password"
          required
          {...register('password')}
          error={fieldError('password')}
        />
        <PasswordInput
          label={t('common:fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...register('confirmPassword')}
          error={fieldError('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
