import '../../../styles/form-styles';
import { registerBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { PasswordField } from '@esim/ui/form/password-field';
import { EmailField, TelField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { register } from '../api/register';

export const RegisterForm = () => {
  const { t } = useTranslation();
  const form = useApiForm(registerBodySchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      humanProof: humanProofPlaceholder,
    },
    onSubmit: ({ humanProof: _placeholder, ...values }) => register(values),
  });

  return (
    <FormShell
      form={form}
      submitLabel={t('auth:register.submit')}
      submitProps={{ fullWidth: true }}
      footer={
        <Text size="sm">
          {t('auth:register.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('auth:register.login')}
          </Anchor>
        </Text>
      }
    >
      <Group grow align="flex-start" gap="md">
        <TextField form={form} name="firstName" autoComplete="given-name" required />
        <TextField form={form} name="lastName" autoComplete="family-name" required />
      </Group>
      <EmailField form={form} name="email" required />
      <TelField form={form} name="phoneNumber" description={t('auth:phoneHint')} required />
      <PasswordField
        form={form}
        name="password"
        description={t('auth:passwordHint')}
        autoComplete="new-password"
        required
      />
      <PasswordField form={form} name="confirmPassword" autoComplete="new-password" required />
    </FormShell>
  );
};
