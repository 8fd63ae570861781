import { registerBodySchema } from '@esim/contracts';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { register } from '../api/register';
import { useFieldError } from './use-field-error';

const fields = ['firstName', 'lastName', 'email', 'phoneNumber', 'password', 'confirmPassword'] as const;

export const RegisterForm = () => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm({
    resolver: zodResolver(registerBodySchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      humanProof: humanProofPlaceholder,
    },
  });
  const fieldError = useFieldError(form.formState.errors);

  const onSubmit = form.handleSubmit(async ({ humanProof: _placeholder, ...values }) => {
    setFeedback(null);
    try {
      await register(values);
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert feedback={feedback} />
      <Stack gap="md">
        <Group grow align="flex-start" gap="md">
          <TextInput
            {...form.register('firstName')}
            label={t('common:fields.firstName')}
            autoComplete="given-name"
            withAsterisk
            error={fieldError('firstName')}
          />
          <TextInput
            {...form.register('lastName')}
            label={t('common:fields.lastName')}
            autoComplete="family-name"
            withAsterisk
            error={fieldError('lastName')}
          />
        </Group>
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        <TextInput
          {...form.register('phoneNumber')}
          type="tel"
          maxLength={25}
          label={t('common:fields.phoneNumber')}
          placeholder={t('auth.phonePlaceholder')}
          description={t('auth.phoneHint')}
          autoComplete="tel"
          withAsterisk
          error={fieldError('phoneNumber')}
        />
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
          {t('auth.register.submit')}
        </Button>
        <Text size="sm">
          {t('auth.register.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('auth.register.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
