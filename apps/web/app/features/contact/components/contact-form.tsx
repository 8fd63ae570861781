import '../../../styles/form-styles';
import { contactMessageBodySchema } from '@esim/contracts';
import { FormShell } from '@esim/ui/form/form-shell';
import { EmailField, TextareaField, TextField } from '@esim/ui/form/text-field';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { useTranslation } from 'react-i18next';
import { sendContactMessage } from '../api/send-contact-message';

/** Contact form (SPEC section 3): full name, e-mail, title, message; forwarded to the support address. */
export const ContactForm = () => {
  const { t } = useTranslation();
  const form = useApiForm(contactMessageBodySchema, {
    defaultValues: { fullName: '', email: '', title: '', message: '', humanProof: humanProofPlaceholder },
    onSubmit: ({ humanProof: _placeholder, ...values }) => sendContactMessage(values),
    onSuccess: (result) => {
      form.reset();
      return { kind: 'success', message: result.message };
    },
  });

  return (
    <FormShell form={form} submitLabel={t('contact.submit')} data-testid="contact-form">
      <TextField form={form} name="fullName" autoComplete="name" required />
      <EmailField form={form} name="email" required />
      <TextField form={form} name="title" required />
      <TextareaField form={form} name="message" required />
    </FormShell>
  );
};
