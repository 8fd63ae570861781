/** The UI kit's (Mantine) look of the phone input (`phone-input-state.ts` says what it does). */
import { Input } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import type { FocusEventHandler, Ref } from 'react';
import {
  type PhoneCountry,
  PhoneCountrySelect,
  type PhoneInputMode,
  phoneInputMaxLength,
  usePhoneInputState,
} from './phone-input-state';

export type PhoneInputProps = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  /** Accessible name of the country picker, e.g. "Country code". */
  countryLabel: string;
  /** See `PhoneInputStateOptions`. */
  countries: readonly PhoneCountry[];
  placeholder: string;
  description?: string;
  error?: string | undefined;
  mode?: PhoneInputMode;
  defaultCountry?: CountryCode;
  required?: boolean;
  'data-testid'?: string;
};

export const PhoneInput = ({
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  label,
  countryLabel,
  countries,
  placeholder,
  description,
  error,
  mode = 'auto',
  defaultCountry = 'AL',
  required = false,
  ...rest
}: PhoneInputProps) => {
  const phone = usePhoneInputState({ value, onChange, countries, mode, defaultCountry, error, description });
  return (
    <Input.Wrapper
      // The wrapper hands its id to the Input inside it: the label's `for` must name that same input.
      id={phone.id}
      label={label}
      description={description}
      descriptionProps={{ id: phone.descriptionId }}
      error={error}
      errorProps={{ id: phone.errorId }}
      withAsterisk={required}
    >
      <div className="phone-input" style={{ display: 'flex', gap: 8 }}>
        <PhoneCountrySelect
          phone={phone}
          label={countryLabel}
          style={{
            flex: '0 0 auto',
            maxWidth: '45%',
            minHeight: 'var(--input-height-sm, 36px)',
            padding: '0 8px',
            border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-5)'}`,
            borderRadius: 'var(--mantine-radius-md)',
            background: 'var(--mantine-color-white)',
            color: 'inherit',
            font: 'inherit',
          }}
        />
        <Input
          id={phone.id}
          ref={inputRef}
          name={name}
          type="tel"
          dir="ltr"
          inputMode="tel"
          autoComplete="tel"
          maxLength={phoneInputMaxLength}
          placeholder={placeholder}
          value={phone.display}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={phone.describedBy}
          aria-required={required || undefined}
          onChange={(event) => phone.type(event.currentTarget.value)}
          onBlur={onBlur}
          style={{ flex: '1 1 auto', minWidth: 0 }}
          data-testid={rest['data-testid']}
        />
      </div>
    </Input.Wrapper>
  );
};
