/** What the phone input of SPEC section 5 keeps to, shared by its state and its formatting. */
import type { CountryCode } from 'libphonenumber-js';

export type PhoneInputMode = 'auto' | 'national' | 'international';

/** SPEC section 5: at most 25 characters. */
export const phoneInputMaxLength = 25;

export type PhoneInputState = { display: string; value: string; country: CountryCode };

/** A country of the picker: its code, its name in the page's language and its calling code ("355"). */
export type PhoneCountry = { code: CountryCode; name: string; callingCode: string };
