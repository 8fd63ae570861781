import '../../../styles/form-styles';
import { contactMessageBodySchema } from '@esim/contracts';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { useFieldError } from '../../auth/components/use-field-error';
import { sendContactMessage } from '../api/send-contact-message';

const fields = ['fullName', 'email', 'title', 'message'] as const;

/** Contact form (SPEC section 3): full name, e-mail, title, message; forwarded to the support address. */
export const ContactForm = () => {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm({
    resolver: zodResolver(contactMessageBodySchema),
    defaultValues: { fullName: '', email: '', title: '', message: '', humanProof: humanProofPlaceholder },
  });
  const fieldError = useFieldError(form.formState.errors);

  const onSubmit = form.handleSubmit(async ({ humanProof: _placeholder, ...values }) => {
    setFeedback(null);
    try {
      const result = await sendContactMessage(values);
      form.reset();
      setFeedback({ kind: 'success', message: result.message });
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <FormAlert feedback={feedback} />
      <Stack gap="md">
        <TextInput
          {...form.register('fullName')}
          label={t('common:fields.fullName')}
          autoComplete="name"
          withAsterisk
          error={fieldError('fullName')}
        />
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        <TextInput
          {...form.register('title')}
          label={t('common:fields.title')}
          withAsterisk
          error={fieldError('title')}
        />
        <Textarea
          {...form.register('message')}
          label={t('common:fields.message')}
          autosize
          minRows={5}
          withAsterisk
          error={fieldError('message')}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('contact.submit')}
        </Button>
      </Stack>
    </form>
  );
};
