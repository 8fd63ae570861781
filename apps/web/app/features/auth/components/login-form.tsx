import { loginBodySchema } from '@esim/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { login } from '../api/login';
import { useFieldError } from './use-field-error';

const fields = ['email', 'password'] as const;

export const LoginForm = ({ kind }: { kind: 'customer' | 'shop' }) => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const fieldError = useFieldError(form.formState.errors);
  const portal = kind === 'shop';

  const onSubmit = form.handleSubmit(async (values) => {
    setFeedback(null);
    try {
      await login(kind, values);
      // GuestOnly sends the now signed-in user home.
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields, { fallback: 'GENERIC' }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert feedback={feedback} />
      <Stack gap="md">
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        <PasswordInput
          {...form.register('password')}
          label={t('common:fields.password')}
          autoComplete="current-password"
          withAsterisk
          error={fieldError('password')}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
        />
        <Anchor component={Link} to={portal ? '/forgot-password?portal=1' : '/forgot-password'} size="sm">
          {t('auth.login.forgot')}
        </Anchor>
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('auth.login.submit')}
        </Button>
        <Text size="sm">
          {portal ? t('auth.portalLogin.noAccount') : t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={portal ? '/portal/register' : '/register'}>
            {portal ? t('auth.portalLogin.register') : t('auth.login.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
