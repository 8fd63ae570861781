import '../../../styles/form-styles';
import { forgotPasswordBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { EmailField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '../api/forgot-password';

export const ForgotPasswordForm = ({ accountType }: { accountType: 'customer' | 'shop' }) => {
  const { t } = useTranslation();
  const form = useApiForm(forgotPasswordBodySchema, {
    defaultValues: { email: '', accountType, humanProof: humanProofPlaceholder },
    onSubmit: ({ email }) => requestPasswordReset({ email, accountType }),
    onSuccess: (result) => ({ kind: 'success', message: result.message }),
    fallback: 'GENERIC',
  });

  return (
    <FormShell
      form={form}
      submitLabel={t('auth:forgot.submit')}
      submitProps={{ fullWidth: true }}
      footer={
        <Anchor component={Link} to={accountType === 'shop' ? '/portal/login' : '/login'} size="sm">
          {t('auth:forgot.back')}
        </Anchor>
      }
    >
      <EmailField form={form} name="email" required />
    </FormShell>
  );
};
