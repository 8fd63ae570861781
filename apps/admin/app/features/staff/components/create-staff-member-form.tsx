import { staffRoles } from '@esim/contracts';
import { type CreateStaffMemberBody, createStaffMemberBodySchema } from '@esim/contracts/staff';
import { useToast } from '@esim/ui/feedback/toast';
import { FormShell } from '@esim/ui/form/form-shell';
import { SelectField } from '@esim/ui/form/select-field';
import { EmailField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCreateStaffMember } from '../api/create-staff-member';

const empty: CreateStaffMemberBody = { firstName: '', lastName: '', email: '', role: 'editor' };

/** Name, e-mail and role of a new staff member; they choose their password from the invitation e-mail. */
export const CreateStaffMemberForm = () => {
  const { t } = useTranslation(['admin-staff', 'admin', 'common']);
  const toast = useToast();
  const form = useApiForm(createStaffMemberBodySchema, {
    defaultValues: empty,
    mutation: useCreateStaffMember(),
    onSuccess: ({ message }) => {
      form.reset(empty);
      toast(message);
      return { kind: 'success', message };
    },
    fallback: 'GENERIC',
  });
  return (
    <FormShell
      form={form}
      maw={560}
      submitLabel={t('staffMembers.create')}
      data-testid="create-staff-member-form"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField form={form} name="firstName" autoComplete="off" required />
        <TextField form={form} name="lastName" autoComplete="off" required />
      </SimpleGrid>
      <EmailField form={form} name="email" autoComplete="off" required />
      <SelectField
        form={form}
        name="role"
        label={t('staffMembers.role')}
        description={t('staffMembers.roleHelp')}
        options={staffRoles.map((role) => ({ value: role, label: t(`admin:staffRoles.${role}`) }))}
        required
      />
    </FormShell>
  );
};
