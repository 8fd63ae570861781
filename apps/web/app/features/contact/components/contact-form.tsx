import { useTranslation } from 'react-i18next';
import { PlainFormShell } from '../../../components/plain-form/form-shell';
import {
  PlainEmailField,
  PlainTextareaField,
  PlainTextField,
} from '../../../components/plain-form/text-field';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { sendContactMessage } from '../api/send-contact-message';

/** The contract (zod) and the human check load once the form is usable: the page's first load leaves them out. */
const loadContract = () => import('../form-contracts').then((contracts) => contracts.contactFormSchema);

/** Contact form (SPEC section 3): full name, e-mail, title, message; forwarded to the support address. */
export const ContactForm = () => {
  const { t } = useTranslation();
  const form = usePlainForm(loadContract, {
    defaultValues: { fullName: '', email: '', title: '', message: '' },
    onSubmit: sendContactMessage,
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
