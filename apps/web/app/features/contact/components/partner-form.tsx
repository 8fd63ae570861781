import { businessTypes } from '@esim/contracts/business-types';
import { type PhoneCountry, withPhoneFormat } from '@esim/ui/phone-input-state';
import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlainFieldState } from '../../../components/plain-form/field';
import { PlainFormShell } from '../../../components/plain-form/form-shell';
import { PlainPhoneField } from '../../../components/plain-form/phone-field';
import { PlainSelectField } from '../../../components/plain-form/select-field';
import {
  PlainEmailField,
  PlainTextareaField,
  PlainTextField,
} from '../../../components/plain-form/text-field';
import { usePlainForm } from '../../../components/plain-form/use-plain-form';
import { useVisitorCountry } from '../../../lib/use-visitor-country';
import { applyAsPartner } from '../api/apply-as-partner';

/**
 * The contract (zod and libphonenumber) and the human check load once the form is usable, with the phone
 * field's formatting: a number typed before then is formatted before it is checked.
 */
const loadContract = withPhoneFormat(() =>
  import('../form-contracts').then((contracts) => contracts.partnerFormSchema),
);

/** "Become a partner" (SPEC section 3): stored for staff and confirmed to the applicant by e-mail. */
export const PartnerForm = ({ countries }: { countries: readonly PhoneCountry[] }) => {
  const { t } = useTranslation();
  const typeGroupId = useId();
  const visitorCountry = useVisitorCountry();
  const form = usePlainForm(loadContract, {
    defaultValues: {
      fullName: '',
      companyName: '',
      country: '',
      email: '',
      phoneNumber: '',
      title: '',
      message: '',
    },
    onSubmit: applyAsPartner,
    onSuccess: (result) => {
      form.reset();
      return { kind: 'success', message: result.message };
    },
  });
  const businessType = usePlainFieldState(form, 'businessType', { emptyIsRequired: true });
  const country = form.values.country;

  const countryOptions = useMemo(() => countries.map((c) => ({ value: c.code, label: c.name })), [countries]);

  // Preselect the visitor's country while the field is still empty.
  useEffect(() => {
    if (visitorCountry && !form.getValue('country')) form.setValue('country', visitorCountry);
  }, [visitorCountry, form.getValue, form.setValue]);

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
              <input
                type="radio"
                name="businessType"
                value={type}
                checked={form.values.businessType === type}
                onChange={() => form.setValue('businessType', type)}
                ref={form.ref('businessType')}
              />
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
