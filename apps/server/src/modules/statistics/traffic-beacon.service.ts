import type { TrafficBeacon } from '@esim/contracts/traffic';
import { trafficSourceOf } from '@esim/contracts/traffic-rules';
import type { Db } from '@esim/db';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { GeoLocator } from '../../adapters/geo/port';
import { insertPageViews } from './traffic.repository';

/**
 * Crawlers, link previews, uptime checks and scripts: their page views are no visitors. A browser driven by a
 * test (HeadlessChrome) is kept: the journeys measure exactly that path.
 */
const botAgent =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|lighthouse|pingdom|uptime|curl\/|wget\/|python-|go-http-client|java\/|okhttp|axios\//i;

export const isBotAgent = (userAgent: string | undefined) => !userAgent || botAgent.test(userAgent);

/**
 * Budgets of the beacon (ADR 0066), in this process's memory: a page sends one batch per page or two, so 30 a
 * minute is a busy reader; past it, or past 200 batches a second from everyone, batches are dropped before any
 * database work, so a flood never takes connections from checkout.
 */
export const createBeaconLimits = (options = { perClientPerMinute: 30, allPerSecond: 200 }) => {
  const perClient = new RateLimiterMemory({ points: options.perClientPerMinute, duration: 60 });
  const all = new RateLimiterMemory({ points: options.allPerSecond, duration: 1 });
  return {
    admit: async (client: string) => {
      try {
        await perClient.consume(client);
        await all.consume('all');
        return true;
      } catch {
        return false;
      }
    },
  };
};
export type BeaconLimits = ReturnType<typeof createBeaconLimits>;

export type BeaconOutcome = 'stored' | 'bot' | 'limited';

/**
 * Stores one batch of a session's page views with the visitor's country from our own lookup; the IP address is
 * used for the lookup and the budget and never stored.
 */
export const recordPageViews = async (
  deps: { db: Db; geo: GeoLocator; beaconLimits: BeaconLimits },
  beacon: TrafficBeacon,
  client: { ip: string; headers: Record<string, string | string[] | undefined> },
): Promise<BeaconOutcome> => {
  const agent = client.headers['user-agent'];
  if (isBotAgent(typeof agent === 'string' ? agent : undefined)) return 'bot';
  if (!(await deps.beaconLimits.admit(client.ip))) return 'limited';
  const country = deps.geo.countryOf(client);
  const { touch } = beacon;
  const session = {
    sessionId: beacon.sessionId,
    country,
    source: trafficSourceOf(touch),
    medium: touch.utmMedium ?? null,
    campaign: touch.utmCampaign ?? null,
    referrerHost: touch.referrerHost?.toLowerCase() ?? null,
    landingPage: touch.landingPage,
  };
  await insertPageViews(
    deps.db,
    beacon.views.map((view) => ({ ...session, path: view.path, locale: view.locale, entry: view.entry })),
  );
  return 'stored';
};
