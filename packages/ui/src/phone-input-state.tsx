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
 * The formatting (`phone-format.ts`, libphonenumber and its metadata) is loaded once the field is in the browser,
 * so a public page is usable without it (DESIGN section 7 budgets). Until it arrives the field takes the text as
 * typed; then what was typed is formatted and handed to the form at once. The picker's labels need no
 * libphonenumber: the server sends each country's calling code (`PhoneCountry`).
 *
 * Two looks use it: the UI kit's (`phone-input.tsx`, Mantine) and the public pages' plain HTML
 * (apps/web `components/plain-form`).
 */
import type { CountryCode } from 'libphonenumber-js';
import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import { fieldIds } from './field-ids';
import { type PhoneCountry, type PhoneInputMode, phoneInputMaxLength } from './phone-input-rules';

export {
  type PhoneCountry,
  type PhoneInputMode,
  type PhoneInputState,
  phoneInputMaxLength,
} from './phone-input-rules';

type PhoneFormat = typeof import('./phone-format');

let loading: Promise<PhoneFormat> | null = null;
/** The formatting once it has arrived, whoever asked for it: a field that has not been told yet uses it too. */
let loaded: PhoneFormat | null = null;

/** Loads the phone input's formatting, once per page (a lazy contract waits for it: `withPhoneFormat`). */
export const loadPhoneFormat = (): Promise<PhoneFormat> => {
  loading ??= import('./phone-format').then(
    (format) => {
      loaded = format;
      return format;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/**
 * A form contract loaded together with the phone formatting (`useApiForm` with a loader): the contract resolves
 * only once the formatting has arrived, and the phone field, which asked for it first, has then handed the form
 * its formatted number. So a national number typed before either arrived is international when checked.
 */
export const withPhoneFormat =
  <Schema extends object>(loadContract: () => Promise<Schema>) =>
  (): Promise<Schema> =>
    Promise.all([loadContract(), loadPhoneFormat()]).then(([schema]) => schema);

/** What both looks of the phone input take in common. */
export type PhoneInputStateOptions = {
  value: string;
  onChange: (value: string) => void;
  /** The countries to offer, named in the page's language, in display order, with their calling codes (from the
   * server, whose Intl data covers all twelve locales; browsers' may not). */
  countries: readonly PhoneCountry[];
  mode?: PhoneInputMode;
  /** Preselected country (e.g. from the visitor's location); changes are applied while the field is empty. */
  defaultCountry?: CountryCode;
  error?: string | undefined;
  description?: string | undefined;
  /**
   * When libphonenumber loads: as the field mounts (default), or when the visitor first focuses, types or picks a
   * country (`prepare`, for a page the visitor may only read: its evaluation is a long task on a slow phone).
   */
  loadFormat?: 'at-once' | 'on-interaction';
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
  loadFormat = 'at-once',
}: PhoneInputStateOptions) => {
  const id = useId();
  // null until loaded: the text is kept as typed. The server renders without it too, so hydration matches.
  const [format, setFormat] = useState<PhoneFormat | null>(null);
  const [country, setCountry] = useState<CountryCode>(defaultCountry);
  // A value the form holds is international already: shown as it is until the formatting can show it nationally.
  const [display, setDisplay] = useState(value);
  const latest = useRef({ display, country, value, onChange });
  latest.current = { display, country, value, onChange };
  // Something was typed before the formatting arrived: it is formatted then, not taken as the form's own value.
  const typedUnformatted = useRef(false);

  const applyWith = (formatter: PhoneFormat | null, text: string, nextCountry: CountryCode) => {
    if (!formatter) {
      typedUnformatted.current = true;
      const typed = text.slice(0, phoneInputMaxLength);
      show(typed, nextCountry, typed);
      prepare();
      return;
    }
    const next = formatter.formatPhoneInput(text, nextCountry, mode);
    show(next.display, next.country, next.value);
  };
  /** Shows and hands on a value; `latest` follows at once, for a formatting that arrives before the next render. */
  const show = (shown: string, chosen: CountryCode, held: string) => {
    setDisplay(shown);
    setCountry(chosen);
    latest.current = { ...latest.current, display: shown, country: chosen, value: held };
    latest.current.onChange(held);
  };
  const apply = (text: string, nextCountry: CountryCode) => applyWith(format ?? loaded, text, nextCountry);

  // The formatting arrived: what was typed meanwhile is formatted and handed to the form in the same task, before
  // a form waiting for it (`withPhoneFormat`) checks the value: the field asks for it before the form does (at the
  // mount, or at the first keystroke).
  const mounted = useRef(true);
  const requested = useRef(false);
  const prepare = () => {
    if (requested.current) return;
    requested.current = true;
    loadPhoneFormat().then(
      (arrived) => {
        if (!mounted.current) return;
        setFormat(() => arrived);
        const { display: shown, country: chosen, value: held } = latest.current;
        if (!shown) return;
        if (typedUnformatted.current || shown !== held) applyWith(arrived, shown, chosen);
        else setDisplay(arrived.displayPhoneValue(held, chosen, mode));
      },
      // Offline or a failed chunk: the field keeps taking text as typed (asking again), and the contract checks it.
      () => {
        requested.current = false;
      },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once; reads the latest state through `latest`.
  useEffect(() => {
    mounted.current = true;
    if (loadFormat === 'at-once') prepare();
    return () => {
      mounted.current = false;
    };
  }, []);

  // A new default country (the visitor's location arrived) applies while nothing has been typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new default matters, not every keystroke.
  useEffect(() => {
    if (!display) setCountry(defaultCountry);
  }, [defaultCountry]);

  // The form reset or filled the value from outside: show it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to outside changes of the value only.
  useEffect(() => {
    const current = format ? format.formatPhoneInput(display, country, mode).value : display;
    if (value !== current) setDisplay(format ? format.displayPhoneValue(value, country, mode) : value);
  }, [value]);

  // A number typed before the scripts took over lives only in the field's DOM value (the page paints before
  // its scripts load, ADR 0025): once hydrated, take it as if typed now, or the next render would clear it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; after the effect above.
  useEffect(() => {
    const typed = (document.getElementById(id) as HTMLInputElement | null)?.value;
    if (typed && typed !== display) apply(typed, country);
  }, []);

  const options = useMemo(
    () => countries.map((c) => ({ code: c.code, label: `${c.name} (+${c.callingCode})` })),
    [countries],
  );

  const selectCountry = (next: CountryCode) => {
    // International numbers keep their digits under the new calling code; national ones are re-read.
    const digits = display.startsWith('+') ? '' : display;
    const callingCode = countries.find((c) => c.code === next)?.callingCode;
    if (mode === 'international' || display.startsWith('+'))
      apply(digits ? digits : display && callingCode ? `+${callingCode}` : '', next);
    else apply(display, next);
    setCountry(next);
  };

  return {
    id,
    country,
    display,
    options,
    ...fieldIds(id, { error, description }),
    type: (text: string) => apply(text, country),
    selectCountry,
    /** Loads the formatting now (a focus on the field, with `loadFormat: 'on-interaction'`). */
    prepare,
  };
};

/** The phone input's country picker, a native select, shared by its two looks (UI kit and plain HTML). */
export const PhoneCountrySelect = ({
  phone,
  label,
  style,
}: {
  phone: Pick<ReturnType<typeof usePhoneInputState>, 'country' | 'options' | 'selectCountry'>;
  /** Its accessible name, e.g. "Country code". */
  label: string;
  style?: CSSProperties;
}) => (
  <select
    aria-label={label}
    className="phone-input__country"
    value={phone.country}
    onChange={(event) => phone.selectCountry(event.currentTarget.value as CountryCode)}
    style={style}
  >
    {phone.options.map((option) => (
      <option key={option.code} value={option.code}>
        {option.label}
      </option>
    ))}
  </select>
);
