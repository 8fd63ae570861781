import { pageQuerySchema, sortQuerySchema } from './paging';
import { ledgerEntrySchema } from './portal';
import { apiSchemas, z } from './zod';

/**
 * Shop finance reports (issue 31, ADR 0046): per shop and period of whole UTC days, the credit ledger summed by
 * kind, the balances at the period's edges, subscribers served and the revenue at the shop's sellShopPrice.
 * Admin only. Every figure comes from the ledger, so opening + bought + bonus - spent + refunds + adjustments
 * = closing, to the cent.
 */

/** Longest period a report covers: two years of days (ADR 0046). */
export const maxReportDays = 731;

/** A report's day: from 2000 to 2999, so a period's end (the next day) is always a moment the database reads. */
const dateField = z.iso.date().refine((day) => day >= '2000-01-01' && day <= '2999-12-31', 'invalid');

const pad = (value: number) => String(value).padStart(2, '0');
/** The current UTC month's first and last day, YYYY-MM-DD: a report's default period. */
export const currentMonth = (now = new Date()) => {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { from: `${year}-${pad(month + 1)}-01`, to: `${year}-${pad(month + 1)}-${pad(last)}` };
};

/** The period both reports take: `periodFrom`..`periodTo`, both days included; this month by default. */
const periodQuery = {
  periodFrom: dateField.default(() => currentMonth().from),
  periodTo: dateField.default(() => currentMonth().to),
};

/** The figures of one shop (or of all listed shops together) over a period, in cents. */
const figures = {
  /** Credit + bonus after the last ledger entry before the period. */
  openingCents: z.number().int(),
  /** Paid top-ups (kind `topup`). */
  boughtCents: z.number().int(),
  /** Bonus given with top-ups (kind `bonus`). */
  bonusCents: z.number().int(),
  /** Credit and bonus spent on purchases, as a positive amount (kind `purchase`). */
  spentCents: z.number().int(),
  /** Purchases given back (kind `refund`). */
  refundsCents: z.number().int(),
  /** Staff adjustments, signed (kind `adjustment`). */
  adjustmentsCents: z.number().int(),
  /** Credit + bonus after the last ledger entry of the period. */
  closingCents: z.number().int(),
  /** Distinct subscribers whose orders the shop paid with credits in the period. */
  subscribersServed: z.number().int(),
  /** (spent - refunds) at the shop's sellShopPrice markup, rounded half away from zero. */
  revenueCents: z.number().int(),
};

/** The figures in the order every report shows them (screen, CSV, PDF). */
export const shopReportFigures = Object.keys(figures) as (keyof typeof figures)[];

export const shopReportTotalsSchema = z.object(figures).register(apiSchemas, { id: 'ShopReportTotals' });
export type ShopReportTotals = z.infer<typeof shopReportTotalsSchema>;

export const shopReportSchema = z
  .object({
    shopId: z.uuid(),
    shopName: z.string(),
    /** The shop's retail markup in percent today. */
    sellShopPrice: z.number().int(),
    ...figures,
  })
  .register(apiSchemas, { id: 'ShopReport' });
export type ShopReport = z.infer<typeof shopReportSchema>;

export const shopReportSortFields = [
  'shopName',
  'boughtCents',
  'spentCents',
  'closingCents',
  'subscribersServed',
] as const;

export const shopReportsQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 200 }).extend({
  ...periodQuery,
  q: z.string().trim().max(100).optional(),
  sort: sortQuerySchema(shopReportSortFields).default('shopName'),
});
export type ShopReportsQuery = z.infer<typeof shopReportsQuerySchema>;
/** CSV and PDF: every row the list's filters select, so no paging. */
export const shopReportsExportQuerySchema = shopReportsQuerySchema.omit({ page: true, pageSize: true });
export type ShopReportsExportQuery = z.infer<typeof shopReportsExportQuerySchema>;

/** The paged answer's fields (paging.ts `pagedSchema`) around an item, for answers that carry more. */
const pagedFields = <Item extends z.ZodType>(item: Item) => ({
  items: z.array(item),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const shopReportsPageSchema = z
  .object({
    ...pagedFields(shopReportSchema),
    periodFrom: z.string(),
    periodTo: z.string(),
    /** The figures of every shop the filters select (all pages), summed. */
    totals: shopReportTotalsSchema,
  })
  .register(apiSchemas, { id: 'ShopReportsPage' });
export type ShopReportsPage = z.infer<typeof shopReportsPageSchema>;

export const shopReportQuerySchema = pageQuerySchema({ defaultSize: 50, maxSize: 500 }).extend(periodQuery);
export type ShopReportQuery = z.infer<typeof shopReportQuerySchema>;
export const shopReportExportQuerySchema = shopReportQuerySchema.omit({ page: true, pageSize: true });
/**
 * The shop's report as the staff app's list reads it: the path's shop id beside the query, pinned by the screen
 * (optional here only so the list's other parameters parse on their own).
 */
export const shopReportListQuerySchema = shopReportQuerySchema.extend({ shopId: z.uuid().optional() });
export type ShopReportListQuery = z.infer<typeof shopReportListQuerySchema>;
export type ShopReportExportQuery = z.infer<typeof shopReportExportQuerySchema>;

/** One shop's report: its figures and a page of its ledger lines in the period, oldest first. */
export const shopReportPageSchema = z
  .object({
    ...pagedFields(ledgerEntrySchema),
    periodFrom: z.string(),
    periodTo: z.string(),
    report: shopReportSchema,
  })
  .register(apiSchemas, { id: 'ShopReportPage' });
export type ShopReportPage = z.infer<typeof shopReportPageSchema>;
