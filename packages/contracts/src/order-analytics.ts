import type { orderKinds } from './orders';
import { apiSchemas, z } from './zod';

/**
 * Orders analytics for staff (issue 31, ADR 0049): revenue, orders and average order value over time beside the
 * previous period of the same length, breakdowns by kind, country, package and payment method, and the refund
 * rate. Money in euro cents. Admin only.
 */

/** The longest range: two years, one of them a leap year. */
export const analyticsMaxDays = 731;

/** Kinds that are sales (ADR 0049): shop credit top-ups and gift cards are prepayments, admin orders are not sold. */
export const analyticsKinds = [
  'esim',
  'topup',
  'change_esim',
  'gift_esim',
] as const satisfies readonly (typeof orderKinds)[number][];

/** Paid orders whose money we kept or still hold; for_review, cancelled and pending ones are not revenue. */
export const analyticsStatuses = ['paid', 'completed', 'failed', 'partially_refunded', 'refunded'] as const;

export const analyticsBuckets = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof analyticsBuckets)[number];

/** The tables of the screen, each downloadable as CSV. */
export const analyticsTables = [
  'overTime',
  'kind',
  'country',
  'package',
  'paymentMethod',
  'refunds',
] as const;
export type AnalyticsTable = (typeof analyticsTables)[number];

const dayMs = 86_400_000;

/** Days from `from` to `to`, both counted (ISO dates, UTC). */
export const analyticsRangeDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

/** The range rules as i18n keys (in `admin`, under `analytics`), so the server and the date picker say the same. */
export const analyticsRangeProblem = (from: string, to: string) => {
  if (to < from) return 'analytics.rangeEndBeforeStart' as const;
  if (analyticsRangeDays(from, to) > analyticsMaxDays) return 'analytics.rangeTooLong' as const;
  return null;
};

export const analyticsRangeShape = { from: z.iso.date(), to: z.iso.date() };
export const checkAnalyticsRange = ({ from, to }: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = analyticsRangeProblem(from, to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};

export const orderAnalyticsQuerySchema = z.object(analyticsRangeShape).superRefine(checkAnalyticsRange);
export type OrderAnalyticsQuery = z.infer<typeof orderAnalyticsQuerySchema>;

export const orderAnalyticsCsvQuerySchema = z
  .object({ ...analyticsRangeShape, table: z.enum(analyticsTables) })
  .superRefine(checkAnalyticsRange);
export type OrderAnalyticsCsvQuery = z.infer<typeof orderAnalyticsCsvQuerySchema>;

export const analyticsFiguresSchema = z
  .object({
    revenueCents: z.number().int(),
    orders: z.number().int(),
    /** Revenue / orders, rounded to the cent; 0 without orders. */
    averageOrderCents: z.number().int(),
  })
  .register(apiSchemas, { id: 'AnalyticsFigures' });
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const analyticsPointSchema = z
  .object({
    /** First day of the bucket (day, 7-day block from `from`, or calendar month cut at `from`). */
    start: z.iso.date(),
    /** The same bucket in the previous period: `start` less the range's length. */
    previousStart: z.iso.date(),
    current: analyticsFiguresSchema,
    previous: analyticsFiguresSchema,
  })
  .register(apiSchemas, { id: 'AnalyticsPoint' });
export type AnalyticsPoint = z.infer<typeof analyticsPointSchema>;

export const analyticsRowSchema = z
  .object({
    /** The kind, country code, package id or payment method; null: not recorded on the order. */
    key: z.string().nullable(),
    /** A package's name in the catalogue; null elsewhere. */
    label: z.string().nullable(),
    /** The rows past the ten largest, summed into one. */
    isOther: z.boolean(),
    current: analyticsFiguresSchema,
    previous: analyticsFiguresSchema,
  })
  .register(apiSchemas, { id: 'AnalyticsRow' });
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

const refundFiguresSchema = z
  .object({
    refundedCents: z.number().int(),
    refundedOrders: z.number().int(),
    /** Refunded amount / revenue (0..1, four decimals); null without revenue. */
    amountRate: z.number().nullable(),
    /** Refunded orders / orders (0..1, four decimals); null without orders. */
    orderRate: z.number().nullable(),
  })
  .register(apiSchemas, { id: 'AnalyticsRefundFigures' });
export type AnalyticsRefundFigures = z.infer<typeof refundFiguresSchema>;

/** The range asked for, its bucket and the period of the same length before it. */
export const analyticsPeriodsSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    days: z.number().int(),
    bucket: z.enum(analyticsBuckets),
    previousFrom: z.iso.date(),
    previousTo: z.iso.date(),
  })
  .register(apiSchemas, { id: 'AnalyticsPeriods' });
export type AnalyticsPeriods = z.infer<typeof analyticsPeriodsSchema>;

export const orderAnalyticsSchema = z
  .object({
    currency: z.literal('EUR'),
    range: analyticsPeriodsSchema,
    totals: z.object({ current: analyticsFiguresSchema, previous: analyticsFiguresSchema }),
    overTime: z.array(analyticsPointSchema),
    byKind: z.array(analyticsRowSchema),
    byCountry: z.array(analyticsRowSchema),
    byPackage: z.array(analyticsRowSchema),
    byPaymentMethod: z.array(analyticsRowSchema),
    refunds: z.object({ current: refundFiguresSchema, previous: refundFiguresSchema }),
  })
  .register(apiSchemas, { id: 'OrderAnalytics' });
export type OrderAnalytics = z.infer<typeof orderAnalyticsSchema>;
