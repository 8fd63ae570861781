import type { PhoneFieldProps } from '@esim/ui/form/phone-field';
import { useField } from '@esim/ui/form/use-field';
import {
  PhoneCountrySelect,
  type PhoneInputStateOptions,
  phoneInputMaxLength,
  usePhoneInputState,
} from '@esim/ui/phone-input-state';
import { Controller, type FieldValues } from 'react-hook-form';
import { PlainField } from './field';

export type PlainPhoneFieldProps<In extends FieldValues> = Omit<PhoneFieldProps<In>, 'data-testid'>;

/**
 * The kit's `PhoneField` (SPEC section 5: country picker, formatted as you type, international value, type tel,
 * at most 25 characters, "Enter a phone number") in plain HTML, for public pages without the UI kit.
 */
export const PlainPhoneField = <In extends FieldValues>({
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
}: PlainPhoneFieldProps<In>) => {
  const field = useField(form, name, { label });
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field: control }) => (
        <PlainPhoneInput
          name={control.name}
          value={control.value ?? ''}
          onChange={control.onChange}
          onBlur={control.onBlur}
          inputRef={control.ref}
          label={field.label}
          placeholder={placeholder ?? form.t('common:form.phonePlaceholder')}
          error={field.error}
          description={description}
          required={required}
          countryLabel={countryLabel}
          countries={countries}
          mode={mode}
          defaultCountry={defaultCountry}
        />
      )}
    />
  );
};

type PlainPhoneInputProps = PhoneInputStateOptions & {
  name: string;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
  label: string;
  placeholder: string;
  countryLabel: string;
  required?: boolean | undefined;
};

const PlainPhoneInput = ({
  name,
  onBlur,
  inputRef,
  label,
  placeholder,
  countryLabel,
  required,
  ...state
}: PlainPhoneInputProps) => {
  const phone = usePhoneInputState(state);
  return (
    <PlainField
      inputId={phone.id}
      label={label}
      description={state.description}
      error={state.error}
      required={required}
    >
      <div className="phone-input">
        <PhoneCountrySelect phone={phone} label={countryLabel} />
        <input
          id={phone.id}
          ref={inputRef}
          name={name}
          className="text-input field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={phoneInputMaxLength}
          placeholder={placeholder}
          value={phone.display}
          aria-invalid={Boolean(state.error)}
          aria-describedby={phone.describedBy}
          aria-required={required || undefined}
          onChange={(event) => phone.type(event.currentTarget.value)}
          onBlur={onBlur}
          data-testid="phone-input"
        />
      </div>
    </PlainField>
  );
};
