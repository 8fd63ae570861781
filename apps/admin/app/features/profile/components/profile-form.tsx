import { type User, updateProfileBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { EmailField, TelField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (user: User) => ({
  firstName: user.first_name,
  lastName: user.last_name,
  email: user.email,
  phoneNumber: user.phone ?? '',
  currentPassword: '',
});

/** firstName, lastName, email (with the current password when it changes), phoneNumber, validated with the server's own `updateProfileBodySchema`. */
export const ProfileForm = ({ user }: { user: User }) => {
  const { t } = useTranslation(['admin-profile', 'admin', 'common']);
  const form = useApiForm(updateProfileBodySchema, {
    defaultValues: valuesOf(user),
    mutation: useUpdateProfile(),
    onSuccess: (result) => {
      form.reset(valuesOf(result.user));
      return { kind: 'success', message: result.message };
    },
    fallback: 'GENERIC',
  });
  // A new address needs the current password and is confirmed by a link sent to it (ADR 0018).
  const savedEmail = form.formState.defaultValues?.email ?? user.email;
  const changingEmail = (form.watch('email') ?? '').trim().toLowerCase() !== savedEmail.toLowerCase();

  return (
    <FormShell
      form={form}
      maw={640}
      data-testid="profile-form"
      submitLabel={t('profile.save')}
      submitProps={{ disabled: !form.formState.isDirty, style: { alignSelf: 'flex-start' } }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="firstName" autoComplete="given-name" required />
        <TextField form={form} name="lastName" autoComplete="family-name" required />
      </SimpleGrid>
      <EmailField form={form} name="email" required />
      {changingEmail ? (
        <>
          <Text size="sm" c="dark.6" data-testid="email-change-note">
            {t('profile.emailChangeNote')}
          </Text>
          <PasswordField
            form={form}
            name="currentPassword"
            autoComplete="current-password"
            data-testid="profile-current-password"
            required
          />
        </>
      ) : null}
      <TelField form={form} name="phoneNumber" />
    </FormShell>
  );
};
