/**
 * The phone input of SPEC section 5 without its look: type tel, at most 25 characters, country-aware (a country
 * picker with calling codes; typing "+49…" picks Germany) and formatted as you type with libphonenumber-js's
 * AsYouType, in one of three modes:
 * - `international`: always "+<calling code> …";
 * - `national`: the number as dialled inside the chosen country ("069 123 4567");
 * - `auto`: international when the text starts with "+", national otherwise.
 * Whatever is shown, the form receives the international form ("+355 69 123 4567") once the number parses, so the
 * contract's phone rule (international format) holds; until then it receives the text as typed.
 *
 * Two looks use it: the UI kit's (`phone-input.tsx`, Mantine) and the public pages' plain HTML
 * (apps/web `components/plain-form`), which must not load Mantine (DESIGN section 7 budgets).
 */
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { useEffect, useId, useMemo, useState } from 'react';

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

/** What both looks of the phone input take in common. */
export type PhoneInputStateOptions = {
  value: string;
  onChange: (value: string) => void;
  /** The countries to offer, named in the page's language and in display order (from the server, whose Intl
   * data covers all twelve locales; browsers' may not). Codes libphonenumber does not know are skipped. */
  countries: { code: CountryCode; name: string }[];
  mode?: PhoneInputMode;
  /** Preselected country (e.g. from the visitor's location); changes are applied while the field is empty. */
  defaultCountry?: CountryCode;
  error?: string | undefined;
  description?: string | undefined;
};

/**
 * The phone input's state: the chosen country, the text shown, the country options and the ids that tie the
 * input to its error and description. `type` and `selectCountry` are the two controls' change handlers.
 */
export const usePhoneInputState = ({
  value,
  onChange,
  countries,
  mode = 'auto',
  defaultCountry = 'AL',
  error,
  description,
}: PhoneInputStateOptions) => {
  const id = useId();
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  const [display, setDisplay] = useState(() => displayPhoneValue(value, defaultCountry, mode));

  const apply = (text: string, nextCountry: CountryCode) => {
    const next = formatPhoneInput(text, nextCountry, mode);
    setDisplay(next.display);
    setCountry(next.country);
    onChange(next.value);
  };

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

  const selectCountry = (next: CountryCode) => {
    // International numbers keep their digits under the new calling code; national ones are re-read.
    const digits = display.startsWith('+') ? '' : display;
    if (mode === 'international' || display.startsWith('+'))
      apply(digits ? digits : display ? `+${getCountryCallingCode(next)}` : '', next);
    else apply(display, next);
    setCountry(next);
  };

  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  return {
    id,
    country,
    display,
    options,
    errorId,
    descriptionId,
    describedBy: describedBy || undefined,
    type: (text: string) => apply(text, country),
    selectCountry,
  };
};
