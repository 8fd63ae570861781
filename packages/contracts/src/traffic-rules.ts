/**
 * First-party traffic (issue 33, ADR 0066): where a visit came from, as plain rules without zod, so the site's
 * lazy beacon chunk, the order form and the server name a source the same way.
 */

/** The beacon's bounds: a batch is one session's page views; anything larger or longer is refused whole. */
export const trafficLimits = {
  maxViewsPerBatch: 20,
  maxBodyBytes: 8 * 1024,
  pathMax: 200,
  fieldMax: 100,
} as const;

/** A visit with nothing to tell where it came from. */
export const directSource = 'direct';

const clean = (value: string | null | undefined, max: number = trafficLimits.fieldMax) => {
  const trimmed = value?.trim().toLowerCase();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** A referrer's host without the prefixes a site's mobile and link-shim hosts add (m.facebook.com → facebook.com). */
export const referrerHostOf = (referrer: string | null | undefined): string | undefined => {
  if (!referrer) return undefined;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host.replace(/^(www|m|l|lm|mobile)\./, '').slice(0, trafficLimits.fieldMax) || undefined;
  } catch {
    return undefined;
  }
};

export type TrafficTouchInput = {
  utmSource?: string | null | undefined;
  fbclid?: string | boolean | null | undefined;
  referrerHost?: string | null | undefined;
};

/**
 * The source a visit or order is counted under: `utm_source` (lower case), else `facebook` for a Facebook click
 * id, else the referring site's host, else `direct`.
 */
export const trafficSourceOf = (touch: TrafficTouchInput): string =>
  clean(touch.utmSource) ??
  (touch.fbclid ? 'facebook' : undefined) ??
  clean(touch.referrerHost) ??
  directSource;

/** A source name as it appears in the staff's addresses: what `trafficSourceOf` can produce. */
export const isTrafficSourceName = (value: string) =>
  value.length > 0 && value.length <= trafficLimits.fieldMax && value === value.trim().toLowerCase();

/** Where one session started: the campaign fields of its first page and the page itself (path, no query). */
export type TrafficTouch = {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  fbclid?: string;
  referrerHost?: string;
  landingPage: string;
};

const field = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, trafficLimits.fieldMax) : undefined;
};

/**
 * The touch a page brings: its utm fields and click id, or another site that linked to it. Null when it brings
 * none (typed in, or a link inside our own site): the current session goes on.
 */
export const touchOf = (page: URL, referrer: string): TrafficTouch | null => {
  const touch: TrafficTouch = { landingPage: page.pathname.slice(0, trafficLimits.pathMax) };
  const utmSource = field(page.searchParams, 'utm_source');
  const utmMedium = field(page.searchParams, 'utm_medium');
  const utmCampaign = field(page.searchParams, 'utm_campaign');
  const fbclid = field(page.searchParams, 'fbclid');
  if (utmSource) touch.utmSource = utmSource;
  if (utmMedium) touch.utmMedium = utmMedium;
  if (utmCampaign) touch.utmCampaign = utmCampaign;
  if (fbclid) touch.fbclid = fbclid;
  let external: string | undefined;
  try {
    if (referrer && new URL(referrer).origin !== page.origin) external = referrerHostOf(referrer);
  } catch {
    // An unreadable referrer tells nothing.
  }
  if (external) touch.referrerHost = external;
  return utmSource || utmMedium || utmCampaign || fbclid || external ? touch : null;
};
