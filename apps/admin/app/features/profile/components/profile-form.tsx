import { type User, updateProfileBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { EmailField, TelField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../api/update-profile';

const valuesOf = (user: User) => ({
  firstName: user.first_name,
  lastName: user.last_name,
  email: user.email,
  phoneNumber: user.phone ?? '',
});

/** firstName, lastName, email, phoneNumber, validated with the server's own `updateProfileBodySchema`. */
export const ProfileForm = ({ user }: { user: User }) => {
  const { t } = useTranslation(['admin', 'common']);
  const form = useApiForm(updateProfileBodySchema, {
    defaultValues: valuesOf(user),
    mutation: useUpdateProfile(),
    onSuccess: (result) => {
      form.reset(valuesOf(result.user));
      return { kind: 'success', message: result.message };
    },
    fallback: 'GENERIC',
  });

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
      <TelField form={form} name="phoneNumber" />
    </FormShell>
  );
};
