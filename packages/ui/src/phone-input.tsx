/**
 * The phone input of SPEC section 5: type tel, at most 25 characters, placeholder "Enter a phone number",
 * country-aware (a country picker with calling codes; typing "+49…" picks Germany) and formatted as you type
 * with libphonenumber-js's AsYouType, in one of three modes:
 * - `international`: always "+<calling code> …";
 * - `national`: the number as dialled inside the chosen country ("069 123 4567");
 * - `auto`: international when the text starts with "+", national otherwise.
 * Whatever is shown, the form receives the international form ("+355 69 123 4567") once the number parses, so the
 * contract's phone rule (international format) holds; until then it receives the text as typed.
 */
import { Input } from '@mantine/core';
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { type FocusEventHandler, type Ref, useEffect, useId, useMemo, useState } from 'react';

export type PhoneInputMode = 'auto' | 'national' | 'international';
export const phoneInputMaxLength = 25;

export type PhoneInputState = { display: string; value: string; country: CountryCode };

const isCountry = (code: string | undefined): code is CountryCode =>
  Boolean(code) && (getCountries() as string[]).includes(code as string);

/** Formats what was typed for the mode and country; pure, so it is unit tested. */
export const formatPhoneInput = (
  text: string,
  country: CountryCode,
  mode: PhoneInputMode,
): PhoneInputState => {
  const cleaned = text.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!cleaned) return { display: '', value: '', country };
  const international = mode === 'international' || (mode === 'auto' && cleaned.startsWith('+'));
  if (international) {
    const digits = cleaned.startsWith('+')
      ? cleaned
      : `+${getCountryCallingCode(country)}${cleaned.replace(/^0+/, '')}`;
    const typer = new AsYouType();
    const display = typer.input(digits);
    const detected = typer.getCountry();
    const number = typer.getNumber();
    return {
      display: display.slice(0, phoneInputMaxLength),
      value: number?.isPossible() ? number.formatInternational() : display.slice(0, phoneInputMaxLength),
      country: isCountry(detected) ? detected : country,
    };
  }
  const typer = new AsYouType(country);
  const display = typer.input(cleaned);
  const number = typer.getNumber();
  return {
    display: display.slice(0, phoneInputMaxLength),
    value: number?.isPossible() ? number.formatInternational() : display.slice(0, phoneInputMaxLength),
    country,
  };
};

/** What to show for a value the form already holds (international) in the given mode. */
export const displayPhoneValue = (value: string, country: CountryCode, mode: PhoneInputMode): string => {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value, country);
  if (parsed && mode === 'national' && parsed.country === country) return parsed.formatNational();
  return value;
};

export type PhoneInputProps = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  /** Accessible name of the country picker, e.g. "Country code". */
  countryLabel: string;
  /** The countries to offer, named in the page's language and in display order (from the server, whose Intl
   * data covers all twelve locales; browsers' may not). Codes libphonenumber does not know are skipped. */
  countries: { code: CountryCode; name: string }[];
  placeholder: string;
  description?: string;
  error?: string | undefined;
  mode?: PhoneInputMode;
  /** Preselected country (e.g. from the visitor's location); changes are applied while the field is empty. */
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
  const id = useId();
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [display, setDisplay] = useState(() => displayPhoneValue(value, defaultCountry, mode));

  // A new default country (the visitor's location arrived) applies while nothing has been typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new default matters, not every keystroke.
  useEffect(() => {
    if (!display) setCountry(defaultCountry);
  }, [defaultCountry]);

  // The form reset or filled the value from outside: show it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to outside changes of the value only.
  useEffect(() => {
    const current = formatPhoneInput(display, country, mode).value;
    if (value !== current) setDisplay(displayPhoneValue(value, country, mode));
  }, [value]);

  // A number typed before the scripts took over lives only in the field's DOM value (the page paints before
  // its scripts load, ADR 0025): once hydrated, take it as if typed now, or the next render would clear it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; after the effect above.
  useEffect(() => {
    const typed = (document.getElementById(id) as HTMLInputElement | null)?.value;
    if (typed && typed !== display) apply(typed, country);
  }, []);

  const options = useMemo(
    () =>
      countries
        .filter((c) => isCountry(c.code))
        .map((c) => ({ code: c.code, label: `${c.name} (+${getCountryCallingCode(c.code)})` })),
    [countries],
  );

  const apply = (text: string, nextCountry: CountryCode) => {
    const next = formatPhoneInput(text, nextCountry, mode);
    setDisplay(next.display);
    setCountry(next.country);
    onChange(next.value);
  };

  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');

  return (
    <Input.Wrapper
      // The wrapper hands its id to the Input inside it: the label's `for` must name that same input.
      id={id}
      label={label}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={required}
    >
      <div className="phone-input" style={{ display: 'flex', gap: 8 }}>
        <select
          aria-label={countryLabel}
          className="phone-input__country"
          value={country}
          onChange={(event) => {
            const next = event.currentTarget.value as CountryCode;
            // International numbers keep their digits under the new calling code; national ones are re-read.
            const digits = display.startsWith('+') ? '' : display;
            if (mode === 'international' || display.startsWith('+'))
              apply(digits ? digits : display ? `+${getCountryCallingCode(next)}` : '', next);
            else apply(display, next);
            setCountry(next);
          }}
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
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <Input
          id={id}
          ref={inputRef}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={phoneInputMaxLength}
          placeholder={placeholder}
          value={display}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          aria-required={required || undefined}
          onChange={(event) => apply(event.currentTarget.value, country)}
          onBlur={onBlur}
          style={{ flex: '1 1 auto', minWidth: 0 }}
          data-testid={rest['data-testid']}
        />
      </div>
    </Input.Wrapper>
  );
};
