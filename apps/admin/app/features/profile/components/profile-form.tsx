import { type UpdateProfileBody, type User, updateProfileBodySchema } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { applyServerErrors, getFieldErrorMessage } from '@esim/ui/form-errors';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUpdateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof updateProfileBodySchema>;
const fields = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
type Feedback = { kind: 'success' | 'error'; text: string } | null;

/** firstName, lastName, email, phoneNumber, validated with the server's own `updateProfileBodySchema`. */
export const ProfileForm = ({ user }: { user: User }) => {
  const { t } = useTranslation(['admin', 'common']);
  const update = useUpdateProfile();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileInput, unknown, UpdateProfileBody>({
    resolver: zodResolver(updateProfileBodySchema),
    defaultValues: {
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      phoneNumber: user.phone ?? '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    setFeedback(null);
    try {
      const result = await update.mutateAsync(body);
      reset({
        firstName: result.user.first_name,
        lastName: result.user.last_name,
        email: result.user.email,
        phoneNumber: result.user.phone ?? '',
      });
      setFeedback({ kind: 'success', text: result.message });
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
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      <Stack maw={640}>
        {feedback ? (
          <Alert
            color={feedback.kind === 'success' ? 'green' : 'red'}
            role={feedback.kind === 'error' ? 'alert' : 'status'}
          >
            {feedback.text}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('common:fields.firstName')}
            autoComplete="given-name"
            required
            {...register('firstName')}
            error={fieldError('firstName')}
          />
          <TextInput
            label={t('common:fields.lastName')}
            autoComplete="family-name"
            required
            {...register('lastName')}
            error={fieldError('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('common:fields.email')}
          type="email"
          autoComplete="email"
          required
          {...register('email')}
          error={fieldError('email')}
        />
        <TextInput
          label={t('common:fields.phoneNumber')}
          type="tel"
          autoComplete="tel"
          maxLength={25}
          placeholder={t('profile.phonePlaceholder')}
          {...register('phoneNumber')}
          error={fieldError('phoneNumber')}
        />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
