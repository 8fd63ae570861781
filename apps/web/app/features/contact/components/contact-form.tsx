import { useApiForm } from '@esim/ui/form/use-api-form';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { useTranslation } from 'react-i18next';
import { PlainFormShell } from '../../../components/plain-form/form-shell';
import {
  PlainEmailField,
  PlainTextareaField,
  PlainTextField,
} from '../../../components/plain-form/text-field';
import { sendContactMessage } from '../api/send-contact-message';

/** The contract (zod) loads once the form is usable: the page's first load leaves it out. */
const loadContract = () =>
  import('../form-contracts').then((contracts) => contracts.contactMessageBodySchema);

/** Contact form (SPEC section 3): full name, e-mail, title, message; forwarded to the support address. */
export const ContactForm = () => {
  const { t } = useTranslation();
  const form = useApiForm(loadContract, {
    defaultValues: { fullName: '', email: '', title: '', message: '', humanProof: humanProofPlaceholder },
    onSubmit: ({ humanProof: _placeholder, ...values }) => sendContactMessage(values),
    onSuccess: (result) => {
      form.reset();
      return { kind: 'success', message: result.message };
    },
  });

  return (
    <PlainFormShell form={form} submitLabel={t('contact.submit')} data-testid="contact-form">
      <PlainTextField form={form} name="fullName" autoComplete="name" required />
      <PlainEmailField form={form} name="email" required />
      <PlainTextField form={form} name="title" required />
      <PlainTextareaField form={form} name="message" required />
    </PlainFormShell>
  );
};
