import { type LoginBody, loginBodySchema } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { applyServerErrors, getFieldErrorMessage } from '@esim/ui/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLoginStaff } from '../api/login';

type LoginInput = z.input<typeof loginBodySchema>;

/** Staff sign in with e-mail and password; `onLoggedIn` runs once the session holds the user. */
export const LoginForm = ({ onLoggedIn }: { onLoggedIn: () => void }) => {
  const { t } = useTranslation(['admin', 'common']);
  const login = useLoginStaff();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await login.mutateAsync(body);
      onLoggedIn();
    } catch (error) {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) {
        setFailure(t('common:errors.GENERIC'));
        return;
      }
      const rest = applyServerErrors(setError, error.errors, ['email', 'password']);
      setFailure(error.errors ? rest.join(' ') || null : error.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {failure ? (
          <Alert color="red" role="alert" data-testid="login-error">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={t('common:fields.email')}
          type="email"
          autoComplete="username"
          required
          {...register('email')}
          error={getFieldErrorMessage(t, 'email', errors.email)}
        />
        <PasswordInput
          label={t('common:fields.password')}
          autoComplete="current-password"
          required
          {...register('password')}
          error={getFieldErrorMessage(t, 'password', errors.password)}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
};
