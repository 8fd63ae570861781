/**
 * The cookie banner's choice. It is stored only as this strictly necessary first-party cookie; nothing
 * non-essential (analytics, ads) may be stored or sent before `accepted`.
 */
export const consentCookieName = 'cookie-consent';
export const consentChoices = ['accepted', 'rejected'] as const;
export type ConsentChoice = (typeof consentChoices)[number];

export const isConsentChoice = (value: unknown): value is ConsentChoice =>
  typeof value === 'string' && (consentChoices as readonly string[]).includes(value);

const sixMonthsSeconds = 60 * 60 * 24 * 182;

/** The Set-Cookie header the consent action sends (first party, SameSite=Lax). */
export const getConsentCookieHeader = (choice: ConsentChoice, secure: boolean) =>
  `${consentCookieName}=${choice}; Path=/; Max-Age=${sixMonthsSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
