/**
 * The traffic beacon (ADR 0066), loaded only after the visitor accepted statistics cookies, in a chunk of its
 * own (never in a page's first load). Page views are queued and sent with `navigator.sendBeacon` in batches: when
 * ten are waiting, five seconds after a page, and when the page is hidden or left.
 */
import { trafficLimits } from '@esim/contracts/traffic-rules';
import { consentCookieName } from './consent';
import { pageLocale } from './locale';
import { forgetReferral, rememberReferral } from './referral';
import { enterPage, forgetVisit, type Visit } from './traffic-session';

type View = { path: string; locale: string; entry: boolean };

let queue: View[] = [];
let batchVisit: Visit | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Consent withdrawn (here, or in another tab: its cookie is shared): nothing queued is sent, the visit forgotten. */
const stop = () => {
  clearTimeout(timer);
  queue = [];
  batchVisit = null;
  forgetVisit(localStorage);
  try {
    forgetReferral(localStorage);
  } catch {
    // Storage refused: nothing was kept there.
  }
};

const flush = () => {
  clearTimeout(timer);
  const visit = batchVisit;
  if (!document.cookie.includes(`${consentCookieName}=accepted`)) return stop();
  if (queue.length === 0 || !visit) return;
  const { utmSource, utmMedium, utmCampaign, fbclid, referrerHost, landingPage } = visit.touch;
  const body = {
    sessionId: visit.id,
    touch: {
      ...(utmSource ? { utmSource } : {}),
      ...(utmMedium ? { utmMedium } : {}),
      ...(utmCampaign ? { utmCampaign } : {}),
      ...(fbclid ? { fbclid: true } : {}),
      ...(referrerHost ? { referrerHost } : {}),
      landingPage,
    },
    views: queue,
  };
  queue = [];
  // text/plain: a simple request, sent as the page goes away; the server parses it as JSON.
  navigator.sendBeacon('/api/traffic/views', new Blob([JSON.stringify(body)], { type: 'text/plain' }));
};

const listen = () => {
  if (listening) return;
  listening = true;
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
};

/** One page view of this visit; `referrer` is the page's own (the landing page's for the first one). */
export const trackPage = (page: URL, referrer: string, locale: string) => {
  listen();
  const { visit, entry } = enterPage(localStorage, page, referrer);
  if (batchVisit && batchVisit.id !== visit.id) flush();
  batchVisit = visit;
  queue.push({ path: page.pathname.slice(0, trafficLimits.pathMax), locale, entry });
  if (queue.length >= 10) flush();
  else {
    clearTimeout(timer);
    timer = setTimeout(flush, 5_000);
  }
};

let lastTracked: string | null = null;

/**
 * The page now shown, once. The first call of a page load also counts the page the load began on when it is
 * another one (the visitor accepted on a later page; the landing page may have carried the campaign): the
 * document's navigation entry still names it, and the document's referrer is the landing page's.
 */
const trackCurrentPage = () => {
  const current = window.location.href;
  if (current === lastTracked) return;
  const first = lastTracked === null;
  // With consent, the partner link this tab arrived by is kept for a later order (ADR 0086).
  if (first) rememberReferral(localStorage);
  lastTracked = current;
  const landing = first ? performance.getEntriesByType('navigation')[0]?.name : undefined;
  if (landing && landing !== current) trackPage(new URL(landing), document.referrer, pageLocale());
  trackPage(
    new URL(current),
    first && !(landing && landing !== current) ? document.referrer : '',
    pageLocale(),
  );
};

/**
 * The default export: its one caller, in the site's first load, names nothing (fewer bytes to ship there). `true`
 * counts the page shown (the choice is `accepted`); `false` stops at once (the choice was withdrawn).
 */
export default (accepted: boolean) => (accepted ? trackCurrentPage() : stop());

/** The order's attribution from the visit (ADR 0067), read only while the visitor's consent is `accepted`. */
export { visitAttribution } from './traffic-session';
