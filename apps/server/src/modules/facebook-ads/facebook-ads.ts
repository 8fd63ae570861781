import type { FacebookAdFigures, FacebookAdInsightFigures } from '@esim/contracts/staff';
import { addDays, firstOfNextMonth } from '../order-analytics/order-analytics';

/** The Facebook ads' pure rules (ADR 0069): sums that keep "not reported" apart from 0, and the ratios. */

export type MetaSums = {
  spendCents: number | null;
  impressions: number | null;
  clicks: number | null;
  purchases: number | null;
  purchaseValueCents: number | null;
};
export type OurSums = { orders: number; revenueCents: number };

export const noMeta: MetaSums = {
  spendCents: null,
  impressions: null,
  clicks: null,
  purchases: null,
  purchaseValueCents: null,
};
export const noOrders: OurSums = { orders: 0, revenueCents: 0 };

/** A sum of reported values: null only when nothing was reported (as SQL's `sum`). */
const plus = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

export const addMeta = (a: MetaSums, b: MetaSums): MetaSums => ({
  spendCents: plus(a.spendCents, b.spendCents),
  impressions: plus(a.impressions, b.impressions),
  clicks: plus(a.clicks, b.clicks),
  purchases: plus(a.purchases, b.purchases),
  purchaseValueCents: plus(a.purchaseValueCents, b.purchaseValueCents),
});

export const addOrders = (a: OurSums, b: OurSums): OurSums => ({
  orders: a.orders + b.orders,
  revenueCents: a.revenueCents + b.revenueCents,
});

/** part / whole rounded to `decimals`; null when either is missing or the whole is 0. */
const ratio = (part: number | null, whole: number | null, decimals: number) => {
  if (part === null || whole === null || whole === 0) return null;
  const scale = 10 ** decimals;
  return Math.round((part / whole) * scale) / scale;
};

/** Meta's figures with the ratios recomputed from the sums (an average of daily ratios would be wrong). */
export const metaFiguresOf = (m: MetaSums): FacebookAdInsightFigures => ({
  spendCents: m.spendCents,
  impressions: m.impressions,
  clicks: m.clicks,
  cpcCents: ratio(m.spendCents, m.clicks, 2),
  ctr: ratio(m.clicks, m.impressions, 4),
  metaPurchases: m.purchases,
  metaPurchaseValueCents: m.purchaseValueCents,
  metaRoas: ratio(m.purchaseValueCents, m.spendCents, 2),
});

export const figuresOf = (m: MetaSums, ours: OurSums): FacebookAdFigures => ({
  ...metaFiguresOf(m),
  orders: ours.orders,
  revenueCents: ours.revenueCents,
  roas: ratio(ours.revenueCents, m.spendCents, 2),
  revenueGapCents: m.purchaseValueCents === null ? null : ours.revenueCents - m.purchaseValueCents,
});

/** Half-open ranges of ISO dates, `[from, to)`. */
export type DateRanges = [from: string, to: string][];

/**
 * A period (ISO dates, both counted) as the calendar months wholly inside it (month starts, half-open) and the
 * days outside those months (ADR 0088): the ads screen reads Meta's whole months from `ad_months` and only these
 * edge days from the daily rows, and the two never overlap, so the sums are the days' sums exactly.
 */
export const wholeMonthsAndEdges = (from: string, to: string): { months: DateRanges; days: DateRanges } => {
  const end = addDays(to, 1);
  const firstWhole = from.endsWith('-01') ? from : firstOfNextMonth(from);
  const endWhole = `${end.slice(0, 7)}-01`;
  if (firstWhole >= endWhole) return { months: [], days: [[from, end]] };
  const edges: DateRanges = [
    [from, firstWhole],
    [endWhole, end],
  ];
  return { months: [[firstWhole, endWhole]], days: edges.filter(([a, b]) => a < b) };
};
