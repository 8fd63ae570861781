import type { CreateOrderBody } from '@esim/contracts';

export type Attribution = NonNullable<CreateOrderBody['attribution']>;

const clip = (value: string | null | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/**
 * Where the buyer came from, sent with the order for the ad statistics: utm_source, utm_campaign and fbclid of
 * the order page's address, and the landing page (the page of this site that linked here, else the order page).
 * Empty values are left out; lengths stay inside the contract's bounds.
 */
export const getAttribution = (
  page: URL,
  referrer: string,
  referralCode: string | undefined = referralFrom(page),
): Attribution | undefined => {
  const params = page.searchParams;
  let landingPage = `${page.pathname}${page.search}`;
  try {
    const from = referrer ? new URL(referrer) : null;
    if (from && from.origin === page.origin) landingPage = `${from.pathname}${from.search}`;
  } catch {
    // An unreadable referrer: keep the order page.
  }
  const attribution: Attribution = {};
  const utmSource = clip(params.get('utm_source'), 200);
  const utmCampaign = clip(params.get('utm_campaign'), 200);
  const fbclid = clip(params.get('fbclid'), 200);
  if (utmSource) attribution.utmSource = utmSource;
  if (utmCampaign) attribution.utmCampaign = utmCampaign;
  if (fbclid) attribution.fbclid = fbclid;
  if (referralCode) attribution.referralCode = referralCode;
  const landing = clip(landingPage, 500);
  if (landing) attribution.landingPage = landing;
  return Object.keys(attribution).length > 0 ? attribution : undefined;
};

/** How long a partner's referral link counts for the visitor it brought. */
const referralDays = 30;
const referralKey = 'referral';

/** A partner's code from a `?ref=` link, if it looks like one. */
export const referralFrom = (page: URL): string | undefined => {
  const code = page.searchParams.get('ref')?.trim();
  return code && /^[A-Za-z0-9-]{4,40}$/.test(code) ? code.toUpperCase() : undefined;
};

type ReferralStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Keeps the code of the link the visitor arrived by: the order is usually placed pages (or days) later. */
export const rememberReferral = (page: URL, storage: ReferralStorage, now = Date.now()) => {
  const code = referralFrom(page);
  if (code) storage.setItem(referralKey, JSON.stringify({ code, at: now }));
};

/** The remembered code, while it still counts. */
export const storedReferral = (storage: ReferralStorage, now = Date.now()): string | undefined => {
  try {
    const saved = JSON.parse(storage.getItem(referralKey) ?? 'null') as { code?: string; at?: number } | null;
    if (saved?.code && typeof saved.at === 'number' && now - saved.at < referralDays * 86_400_000)
      return saved.code;
  } catch {
    // Unreadable: as if none.
  }
  return undefined;
};

/** The order page's own code, else the remembered one (storage may be refused: then only the page's). */
export const currentReferral = (page: URL): string | undefined => {
  try {
    return referralFrom(page) ?? storedReferral(window.localStorage);
  } catch {
    return referralFrom(page);
  }
};
