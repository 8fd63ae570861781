import type { PhoneCountry } from '@esim/ui/phone-input-state';
import {
  PhoneCountrySelect,
  type PhoneInputMode,
  phoneInputMaxLength,
  usePhoneInputState,
} from '@esim/ui/phone-input-state';
import type { CountryCode } from 'libphonenumber-js';
import { PlainField, type PlainFieldBaseProps, usePlainFieldState } from './field';

export type PlainPhoneFieldProps<In extends Record<string, unknown>> = PlainFieldBaseProps<In> & {
  /** Accessible name of the country picker, e.g. "Country code". */
  countryLabel: string;
  /** See `PhoneInputStateOptions`. */
  countries: readonly PhoneCountry[];
  placeholder?: string;
  mode?: PhoneInputMode;
  defaultCountry?: CountryCode;
  /** When libphonenumber loads (see `usePhoneInputState`): here at the first focus unless told otherwise. */
  loadFormat?: 'at-once' | 'on-interaction';
};

/**
 * The kit's `PhoneField` (SPEC section 5: country picker, formatted as you type, international value, type tel,
 * at most 25 characters, "Enter a phone number") in plain HTML, for public pages without the UI kit.
 */
export const PlainPhoneField = <In extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  placeholder,
  countryLabel,
  countries,
  description,
  mode = 'auto',
  defaultCountry = 'AL',
  loadFormat = 'on-interaction',
}: PlainPhoneFieldProps<In>) => {
  const field = usePlainFieldState(form, name, { label });
  const phone = usePhoneInputState({
    value: String(form.values[name] ?? ''),
    onChange: (value) => form.setValue(name, value as In[typeof name]),
    countries,
    mode,
    defaultCountry,
    error: field.error,
    description,
    loadFormat,
  });
  return (
    <PlainField
      inputId={phone.id}
      label={field.label}
      description={description}
      error={field.error}
      required={required}
    >
      <div className="phone-input">
        <PhoneCountrySelect phone={phone} label={countryLabel} />
        <input
          id={phone.id}
          // The phone state takes a number typed before hydration itself, formatted.
          ref={form.ref(name, false)}
          name={name}
          className="text-input field__input"
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="tel"
          maxLength={phoneInputMaxLength}
          placeholder={placeholder ?? form.t('common:form.phonePlaceholder')}
          value={phone.display}
          aria-invalid={Boolean(field.error)}
          aria-describedby={phone.describedBy}
          aria-required={required || undefined}
          onChange={(event) => phone.type(event.currentTarget.value)}
          onFocus={phone.prepare}
          data-testid="phone-input"
        />
      </div>
    </PlainField>
  );
};
