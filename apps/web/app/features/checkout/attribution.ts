import type { CreateOrderBody } from '@esim/contracts';
import { referralFrom } from '../../lib/referral';

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
