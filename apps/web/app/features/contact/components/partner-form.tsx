import { businessTypes } from '@esim/contracts/business-types';
import { useApiForm } from '@esim/ui/form/use-api-form';
import { useField } from '@esim/ui/form/use-field';
import { humanProofPlaceholder } from '@esim/ui/human-proof';
import { type PhoneCountry, withPhoneFormat } from '@esim/ui/phone-input-state';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainFormShell } from '../../../components/plain-form/form-shell';
import { PlainPhoneField } from '../../../components/plain-form/phone-field';
import { PlainSelectField } from '../../../components/plain-form/select-field';
import {
  PlainEmailField,
  PlainTextareaField,
  PlainTextField,
} from '../../../components/plain-form/text-field';
import { useVisitorCountry } from '../../../lib/use-visitor-country';
import { applyAsPartner } from '../api/apply-as-partner';

/**
 * The contract (zod and libphonenumber) loads once the form is usable, with the phone field's formatting: a
 * number typed before then is formatted before it is checked.
 */
const loadContract = withPhoneFormat(() =>
  import('../form-contracts').then((contracts) => contracts.partnerApplicationBodySchema),
);

/** "Become a partner" (SPEC section 3): stored for staff and confirmed to the applicant by e-mail. */
export const PartnerForm = ({ countries }: { countries: readonly PhoneCountry[] }) => {
  const { t } = useTranslation();
  const typeGroupId = useId();
  const visitorCountry = useVisitorCountry();
  const form = useApiForm(loadContract, {
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
    onSubmit: ({ humanProof: _placeholder, ...values }) => applyAsPartner(values),
    onSuccess: (result) => {
      form.reset();
      return { kind: 'success', message: result.message };
    },
  });
  const businessType = useField(form, 'businessType', { emptyIsRequired: true });
  const country = form.watch('country');

  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);

  // Preselect the visitor's country while the field is still empty.
  useEffect(() => {
    if (visitorCountry && !form.getValues('country')) form.setValue('country', visitorCountry);
  }, [visitorCountry, form]);

  return (
    <PlainFormShell form={form} submitLabel={t('partner.submit')} data-testid="partner-form">
      <PlainTextField form={form} name="fullName" autoComplete="name" required />
      <PlainTextField
        form={form}
        name="companyName"
        label={`${t('common:fields.companyName')} (${t('partner.optional')})`}
        autoComplete="organization"
      />
      <PlainSelectField
        form={form}
        name="country"
        autoComplete="country"
        required
        placeholder={t('partner.chooseCountry')}
        options={countryOptions}
      />
      <PlainEmailField form={form} name="email" required />
      <PlainPhoneField
        form={form}
        name="phoneNumber"
        countryLabel={t('partner.phoneCountry')}
        countries={countries}
        description={t('partner.phoneHint')}
        defaultCountry={(country || visitorCountry || 'AL') as CountryCode}
        required
      />
      <fieldset
        className="choice-group"
        aria-describedby={businessType.error ? `${typeGroupId}-error` : undefined}
      >
        <legend className="choice-group__legend">
          {businessType.label}{' '}
          <span aria-hidden="true" className="required-mark">
            *
          </span>
        </legend>
        <div className="choice-group__options">
          {businessTypes.map((type) => (
            <label key={type} className="choice">
              <input type="radio" value={type} {...form.register('businessType')} />
              <span>{t(`partner.businessTypes.${type}`)}</span>
            </label>
          ))}
        </div>
        {businessType.error ? (
          <p id={`${typeGroupId}-error`} className="choice-group__error">
            {businessType.error}
          </p>
        ) : null}
      </fieldset>
      <PlainTextField form={form} name="title" required />
      <PlainTextareaField form={form} name="message" required />
    </PlainFormShell>
  );
};
