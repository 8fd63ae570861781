import { analyticsBuckets, analyticsRangeProblem } from './order-analytics';
import { trafficLimits } from './traffic-rules';
import { apiSchemas, z } from './zod';

/**
 * The statistics screens of issue 33 (ADR 0066-0068): traffic by source, one source's campaigns and landing
 * pages, visitor countries and registered customers by country, each beside the previous period. Orders and
 * revenue follow ADR 0049 (the orders analytics' rule), so the same figure is the same on every screen. Admin and
 * analytics.
 */

const rangeShape = { from: z.iso.date(), to: z.iso.date() };
// The orders analytics' range rules and words: at most two years, the end not before the start.
const checkRange = ({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = analyticsRangeProblem(from, to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};

export const statisticsQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** The tables each screen offers as CSV. */
export const statisticsTables = {
  traffic: ['overTime', 'sources'],
  sources: ['sources'],
  source: ['overTime', 'campaigns', 'landingPages'],
  countries: ['countries'],
  usersByCountry: ['countries'],
} as const;
export type StatisticsScreen = keyof typeof statisticsTables;

export const statisticsCsvQuerySchema = <const T extends readonly [string, ...string[]]>(tables: T) =>
  z.object({ ...rangeShape, table: z.enum(tables) }).superRefine(checkRange);

export const trafficSourceParamsSchema = z.object({
  sourceName: z.string().min(1).max(trafficLimits.fieldMax),
});

const trafficFiguresSchema = z
  .object({
    /** Page views. */
    visits: z.number().int(),
    /** Visits that started in the period (counted on their first page's day). */
    sessions: z.number().int(),
    /** Sales by ADR 0049, on the day they were paid. */
    orders: z.number().int(),
    revenueCents: z.number().int(),
    /** Orders / sessions (four decimals); null without sessions. */
    conversionRate: z.number().nullable(),
  })
  .register(apiSchemas, { id: 'TrafficFigures' });
export type TrafficFigures = z.infer<typeof trafficFiguresSchema>;

const bothPeriods = { current: trafficFiguresSchema, previous: trafficFiguresSchema };

const trafficPointSchema = z
  .object({ start: z.iso.date(), previousStart: z.iso.date(), ...bothPeriods })
  .register(apiSchemas, { id: 'TrafficPoint' });
export type TrafficPoint = z.infer<typeof trafficPointSchema>;

const trafficRowSchema = z
  .object({
    /** The source, campaign, landing page or country code; null: none recorded ('' campaign, unknown country). */
    key: z.string().nullable(),
    /** Rows past the largest ones, summed into one (the overview only). */
    isOther: z.boolean(),
    ...bothPeriods,
  })
  .register(apiSchemas, { id: 'TrafficRow' });
export type TrafficRow = z.infer<typeof trafficRowSchema>;

const statisticsRangeSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.number().int(),
  bucket: z.enum(analyticsBuckets),
  previousFrom: z.iso.date(),
  previousTo: z.iso.date(),
});

const common = {
  currency: z.literal('EUR'),
  range: statisticsRangeSchema,
  /** When the roll-up job last ran (figures include what happened before it); null: never. */
  refreshedAt: z.iso.datetime().nullable(),
  totals: z.object(bothPeriods),
};

export const trafficOverviewSchema = z
  .object({ ...common, overTime: z.array(trafficPointSchema), bySource: z.array(trafficRowSchema) })
  .register(apiSchemas, { id: 'TrafficOverview' });
export type TrafficOverview = z.infer<typeof trafficOverviewSchema>;

export const trafficSourcesSchema = z
  .object({ ...common, sources: z.array(trafficRowSchema) })
  .register(apiSchemas, { id: 'TrafficSources' });
export type TrafficSources = z.infer<typeof trafficSourcesSchema>;

export const trafficSourceSchema = z
  .object({
    ...common,
    source: z.string(),
    overTime: z.array(trafficPointSchema),
    campaigns: z.array(trafficRowSchema),
    landingPages: z.array(trafficRowSchema),
  })
  .register(apiSchemas, { id: 'TrafficSource' });
export type TrafficSourceStatistics = z.infer<typeof trafficSourceSchema>;

export const visitorCountriesSchema = z
  .object({ ...common, countries: z.array(trafficRowSchema) })
  .register(apiSchemas, { id: 'VisitorCountries' });
export type VisitorCountries = z.infer<typeof visitorCountriesSchema>;

const customerCountsSchema = z
  .object({
    /** Customers who registered in the period (and are not deleted). */
    registered: z.number().int(),
    /** All customers registered up to the period's last day. */
    total: z.number().int(),
  })
  .register(apiSchemas, { id: 'CustomerCounts' });

const customersRowSchema = z
  .object({
    /** Country code; null: not recorded. */
    key: z.string().nullable(),
    current: customerCountsSchema,
    previous: customerCountsSchema,
    /** (registered now − registered before) / registered before (four decimals); null when none before. */
    growthRate: z.number().nullable(),
  })
  .register(apiSchemas, { id: 'CustomersByCountryRow' });
export type CustomersByCountryRow = z.infer<typeof customersRowSchema>;

export const customersByCountrySchema = z
  .object({
    range: statisticsRangeSchema,
    totals: z.object({
      current: customerCountsSchema,
      previous: customerCountsSchema,
      growthRate: z.number().nullable(),
    }),
    countries: z.array(customersRowSchema),
  })
  .register(apiSchemas, { id: 'CustomersByCountry' });
export type CustomersByCountry = z.infer<typeof customersByCountrySchema>;
