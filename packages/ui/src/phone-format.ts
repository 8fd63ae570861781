/**
 * The phone input's formatting as you type, with libphonenumber-js and its metadata (about 30 KB compressed,
 * most of a public form page's weight): `usePhoneInputState` loads it once the page is usable, and until then
 * the field takes the text as typed.
 */
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js';
import { type PhoneInputMode, type PhoneInputState, phoneInputMaxLength } from './phone-input-rules';

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
