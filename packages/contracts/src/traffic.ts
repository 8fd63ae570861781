import { locales } from './locales';
import { trafficLimits } from './traffic-rules';
import { apiSchemas, z } from './zod';

/**
 * The site's traffic beacon (issue 33, ADR 0066): one session's page views, sent with `navigator.sendBeacon` only
 * after the visitor accepted statistics cookies. Strict and small: anything else is refused whole.
 */
const word = z.string().trim().min(1).max(trafficLimits.fieldMax);
const sitePath = z
  .string()
  .max(trafficLimits.pathMax)
  .regex(/^\/[^?#\s]*$/);

export const trafficBeaconSchema = z
  .strictObject({
    sessionId: z.uuid(),
    /** Where the session came from (its first page's campaign fields); `fbclid` only says a click id was there. */
    touch: z.strictObject({
      utmSource: word.optional(),
      utmMedium: word.optional(),
      utmCampaign: word.optional(),
      fbclid: z.boolean().optional(),
      referrerHost: word.optional(),
      landingPage: sitePath,
    }),
    views: z
      .array(z.strictObject({ path: sitePath, locale: z.enum(locales), entry: z.boolean() }))
      .min(1)
      .max(trafficLimits.maxViewsPerBatch),
  })
  .register(apiSchemas, { id: 'TrafficBeacon' });
export type TrafficBeacon = z.infer<typeof trafficBeaconSchema>;
