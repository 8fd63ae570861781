import '../../../styles/form-styles';
import { businessTypes, partnerApplicationBodySchema } from '@esim/contracts';
import { getFieldErrorMessage } from '@esim/ui/form-errors';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert, type FormFeedback } from '../../../components/form-alert';
import { PhoneField } from '../../../components/phone-field';
import { getSubmitFeedback } from '../../../lib/form-feedback';
import { useFieldError } from '../../auth/components/use-field-error';
import { applyAsPartner } from '../api/apply-as-partner';
import { useVisitorCountry } from '../api/get-visitor-country';

const fields = [
  'fullName',
  'companyName',
  'country',
  'email',
  'phoneNumber',
  'title',
  'message',
  'businessType',
] as const;

/** "Become a partner" (SPEC section 3): stored for staff and confirmed to the applicant by e-mail. */
export const PartnerForm = ({ countries }: { countries: { code: CountryCode; name: string }[] }) => {
  const { t } = useTranslation();
  const typeGroupId = useId();
  const visitorCountry = useVisitorCountry();
  const [feedback, setFeedback] = useState<FormFeedback>(null);
  const form = useForm({
    resolver: zodResolver(partnerApplicationBodySchema),
    defaultValues: {
      fullName: '',
      companyName: '',
      country: '',
      email: '',
      phoneNumber: '',
      title: '',
      message: '',
      businessType: undefined,
      humanProof: humanProofPlaceholder,
    },
  });
  const fieldError = useFieldError(form.formState.errors);
  const country = form.watch('country');

  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);

  // Preselect the visitor's country while the field is still empty.
  useEffect(() => {
    if (visitorCountry && !form.getValues('country')) form.setValue('country', visitorCountry);
  }, [visitorCountry, form]);

  // Nothing chosen fails the contract's format or option rule; say "is required" like every other empty field.
  const requiredWhenEmpty = (name: 'country' | 'businessType') => {
    const error = form.formState.errors[name];
    if (error && !form.getValues(name) && error.type !== 'server')
      return getFieldErrorMessage(t, name, { type: 'required', message: 'required' });
    return fieldError(name);
  };
  const countryError = () => requiredWhenEmpty('country');
  const typeError = requiredWhenEmpty('businessType');

  const onSubmit = form.handleSubmit(async ({ humanProof: _placeholder, ...values }) => {
    setFeedback(null);
    try {
      const result = await applyAsPartner(values);
      form.reset();
      setFeedback({ kind: 'success', message: result.message });
    } catch (error) {
      setFeedback(getSubmitFeedback(t, error, form.setError, fields));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="partner-form">
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
          {...form.register('companyName')}
          label={`${t('common:fields.companyName')} (${t('partner.optional')})`}
          autoComplete="organization"
          error={fieldError('companyName')}
        />
        <NativeSelect
          {...form.register('country')}
          label={t('common:fields.country')}
          autoComplete="country"
          withAsterisk
          error={countryError()}
          data={[{ value: '', label: t('partner.chooseCountry') }, ...countryOptions]}
        />
        <TextInput
          {...form.register('email')}
          type="email"
          label={t('common:fields.email')}
          autoComplete="email"
          withAsterisk
          error={fieldError('email')}
        />
        <PhoneField
          control={form.control}
          name="phoneNumber"
          countryLabel={t('partner.phoneCountry')}
          countries={countries}
          description={t('partner.phoneHint')}
          error={fieldError('phoneNumber')}
          defaultCountry={(country || visitorCountry || 'AL') as CountryCode}
        />
        <fieldset className="choice-group" aria-describedby={typeError ? `${typeGroupId}-error` : undefined}>
          <legend className="choice-group__legend">
            {t('common:fields.businessType')}{' '}
            <span aria-hidden="true" className="required-mark">
              *
            </span>
          </legend>
          <Group gap="lg">
            {businessTypes.map((type) => (
              <label key={type} className="choice">
                <input type="radio" value={type} {...form.register('businessType')} />
                <span>{t(`partner.businessTypes.${type}`)}</span>
              </label>
            ))}
          </Group>
          {typeError ? (
            <p id={`${typeGroupId}-error`} className="choice-group__error">
              {typeError}
            </p>
          ) : null}
        </fieldset>
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
          {t('partner.submit')}
        </Button>
      </Stack>
    </form>
  );
};
