import { forgotPasswordBodySchema } from '@esim/contracts';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { requestPasswordReset } from '../api/forgot-password';
import { useFieldError } from './use-field-error';

export const ForgotPasswordForm = ({ accountType }: { accountType: 'customer' | 'shop' }) => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '', accountType, humanProof: humanProofPlaceholder },
  });
  const fieldError = useFieldError(form.formState.errors);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFeedback(null);
    try {
      const result = await requestPasswordReset({ email, accountType });
      setFeedback({ kind: 'success', message: result.message });
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, ['email'], { fallback: 'GENERIC' }));
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
        <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to={accountType === 'shop' ? '/portal/login' : '/login'} size="sm">
          {t('auth.forgot.back')}
        </Anchor>
      </Stack>
    </form>
  );
};
