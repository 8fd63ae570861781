import { analyticsBuckets, analyticsRangeProblem } from './order-analytics';
import { pageQuerySchema, sortQuerySchema } from './paging';
import { apiSchemas, z } from './zod';

/**
 * Facebook (Meta) ads beside our own revenue (issue 33, ADR 0069): Meta's daily insights per ad, synced by a job,
 * and the orders that came through an ad, counted by the rule of ADR 0049 so the revenue matches the orders
 * analytics. Money in euro cents. A metric Meta did not report is null, never 0.
 */

/** utm_source values that mean Meta's apps (compared lower-case). */
export const facebookUtmSources = ['facebook', 'fb', 'ig', 'instagram'] as const;

const rangeShape = { from: z.iso.date(), to: z.iso.date() };
const checkRange = ({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = analyticsRangeProblem(from, to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};

/** A range of whole UTC days, `to` counted, at most two years (the orders analytics' rule and words). */
export const facebookAdsQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type FacebookAdsQuery = z.infer<typeof facebookAdsQuerySchema>;

/** A sync or backfill of a range of days (admin). */
export const facebookAdsSyncSchema = z.strictObject(rangeShape).superRefine(checkRange);
export type FacebookAdsSyncInput = z.infer<typeof facebookAdsSyncSchema>;

export const facebookAdsSyncResultSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    campaigns: z.number().int(),
    adSets: z.number().int(),
    ads: z.number().int(),
    /** Day × ad rows written (inserted or replaced). */
    insights: z.number().int(),
    /** Rows of the range Meta no longer reports, removed. */
    removed: z.number().int(),
    /** Insights rows of an ad the platform neither listed nor named (nothing to file them under), left out. */
    skipped: z.number().int(),
  })
  .register(apiSchemas, { id: 'FacebookAdsSyncResult' });
export type FacebookAdsSyncResult = z.infer<typeof facebookAdsSyncResultSchema>;

const nullableInt = z.number().int().nullable();

/** Meta's figures and ours for one period (a range, a day, a campaign). */
const adFiguresSchema = z
  .object({
    /** Meta's reported spend; null when Meta reported none of the rows. */
    spendCents: nullableInt,
    impressions: nullableInt,
    clicks: nullableInt,
    /** Spend / clicks, in cents (two decimals); null without spend or clicks. */
    cpcCents: z.number().nullable(),
    /** Clicks / impressions (0..1, four decimals); null without impressions. */
    ctr: z.number().nullable(),
    /** Purchases and their value as Meta reports them (its pixel and attribution). */
    metaPurchases: nullableInt,
    metaPurchaseValueCents: nullableInt,
    /** Meta's purchase value / spend (two decimals). */
    metaRoas: z.number().nullable(),
    /** Our attributed orders and their revenue (ADR 0049's rule). */
    orders: z.number().int(),
    revenueCents: z.number().int(),
    /** Our revenue / spend (two decimals). */
    roas: z.number().nullable(),
    /** Our revenue less Meta's purchase value; null when Meta reported no value. */
    revenueGapCents: nullableInt,
  })
  .register(apiSchemas, { id: 'FacebookAdFigures' });
export type FacebookAdFigures = z.infer<typeof adFiguresSchema>;

const periodsSchema = { current: adFiguresSchema, previous: adFiguresSchema };

const rangeAnswerSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.number().int(),
  bucket: z.enum(analyticsBuckets),
  previousFrom: z.iso.date(),
  previousTo: z.iso.date(),
});

export const facebookAdsTotalSchema = z
  .object({
    currency: z.literal('EUR'),
    range: rangeAnswerSchema,
    /** When the insights were last synced; null before the first sync. */
    syncedAt: z.iso.datetime().nullable(),
    totals: z.object(periodsSchema),
    overTime: z.array(z.object({ start: z.iso.date(), previousStart: z.iso.date(), ...periodsSchema })),
  })
  .register(apiSchemas, { id: 'FacebookAdsTotal' });
export type FacebookAdsTotal = z.infer<typeof facebookAdsTotalSchema>;

export const facebookCampaignRowSchema = z.object({
  /** Our id of the campaign; null: attributed orders that name no known campaign. */
  campaignId: z.uuid().nullable(),
  externalId: z.string().nullable(),
  name: z.string().nullable(),
  status: z.string().nullable(),
  ...periodsSchema,
});
export type FacebookCampaignRow = z.infer<typeof facebookCampaignRowSchema>;

export const facebookAdsCampaignsSchema = z
  .object({
    currency: z.literal('EUR'),
    range: rangeAnswerSchema,
    syncedAt: z.iso.datetime().nullable(),
    rows: z.array(facebookCampaignRowSchema),
    totals: z.object(periodsSchema),
  })
  .register(apiSchemas, { id: 'FacebookAdsCampaigns' });
export type FacebookAdsCampaigns = z.infer<typeof facebookAdsCampaignsSchema>;

/** Meta's figures of one ad over a range (ours cannot be told apart per ad: orders name a campaign). */
const adInsightFiguresSchema = z.object({
  spendCents: nullableInt,
  impressions: nullableInt,
  clicks: nullableInt,
  cpcCents: z.number().nullable(),
  ctr: z.number().nullable(),
  metaPurchases: nullableInt,
  metaPurchaseValueCents: nullableInt,
  metaRoas: z.number().nullable(),
});
export type FacebookAdInsightFigures = z.infer<typeof adInsightFiguresSchema>;

export const facebookAdInsightRowSchema = z.object({
  adId: z.uuid(),
  externalId: z.string(),
  name: z.string(),
  adSetName: z.string(),
  campaignName: z.string(),
  current: adInsightFiguresSchema,
  previous: adInsightFiguresSchema,
});
export type FacebookAdInsightRow = z.infer<typeof facebookAdInsightRowSchema>;

export const facebookAdsInsightsSchema = z
  .object({
    currency: z.literal('EUR'),
    range: rangeAnswerSchema,
    syncedAt: z.iso.datetime().nullable(),
    rows: z.array(facebookAdInsightRowSchema),
    totals: z.object({ current: adInsightFiguresSchema, previous: adInsightFiguresSchema }),
  })
  .register(apiSchemas, { id: 'FacebookAdsInsights' });
export type FacebookAdsInsights = z.infer<typeof facebookAdsInsightsSchema>;

export const facebookAdOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.string(),
  status: z.string(),
  paidAt: z.iso.datetime(),
  totalCents: z.number().int(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** Whether the order carried Meta's click id (the id itself is not shown). */
  hasFbclid: z.boolean(),
  campaignId: z.uuid().nullable(),
  campaignName: z.string().nullable(),
});
export type FacebookAdOrder = z.infer<typeof facebookAdOrderSchema>;

const dayMs = 86_400_000;
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * dayMs).toISOString().slice(0, 10);

/** The sort fields of the attributed orders (newest payment first by default). */
export const facebookAdOrderSortFields = ['paidAt', 'totalCents', 'number'] as const;

/**
 * The attributed orders' filters (ADR 0078): a range of payment days (the last 30 UTC days by default, as on the
 * other Facebook screens), and `campaignId` for one campaign's orders or `none` for those that name no known
 * campaign.
 */
const adOrdersFilters = {
  from: z.iso.date().default(() => utcDay(-29)),
  to: z.iso.date().default(() => utcDay(0)),
  campaignId: z.union([z.uuid(), z.literal('none')]).optional(),
  sort: sortQuerySchema(facebookAdOrderSortFields).default('-paidAt'),
};

/** One page of the attributed orders: the list's query (paging, sort, range, campaign). */
export const facebookAdOrdersQuerySchema = pageQuerySchema({ defaultSize: 50, maxSize: 200 })
  .extend(adOrdersFilters)
  .superRefine(checkRange);
export type FacebookAdOrdersQuery = z.infer<typeof facebookAdOrdersQuerySchema>;

/** The CSV: every order the same filters select, in the same order, so no paging. */
export const facebookAdOrdersCsvQuerySchema = z.object(adOrdersFilters).superRefine(checkRange);
export type FacebookAdOrdersCsvQuery = z.infer<typeof facebookAdOrdersCsvQuerySchema>;

/** Figures over every order the filters select (all pages): the list's footer. */
const adOrdersTotalsSchema = z.object({ orders: z.number().int(), revenueCents: z.number().int() });

export const facebookAdOrdersSchema = z
  .object({
    /** The paged answer's fields (paging.ts `pagedSchema`); `total` equals `totals.orders`. */
    items: z.array(facebookAdOrderSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    currency: z.literal('EUR'),
    range: z.object(rangeShape),
    /** The campaign the list is narrowed to (null with no campaign filter or `none`). */
    campaign: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    totals: adOrdersTotalsSchema,
  })
  .register(apiSchemas, { id: 'FacebookAdOrders' });
export type FacebookAdOrders = z.infer<typeof facebookAdOrdersSchema>;
