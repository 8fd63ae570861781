import {
  type AnalyticsBucket,
  type AnalyticsFigures,
  type AnalyticsPoint,
  type AnalyticsRefundFigures,
  type AnalyticsRow,
  analyticsRangeDays,
} from '@esim/contracts/staff';

/** The analytics' pure rules (ADR 0049): periods, buckets, averages, rates and the top rows. */

const dayMs = 86_400_000;

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

/** Days up to a month, 7-day blocks up to half a year, calendar months beyond: 7 to 31 points on a chart. */
export const bucketFor = (days: number): AnalyticsBucket =>
  days <= 31 ? 'day' : days <= 186 ? 'week' : 'month';

export type AnalyticsPeriods = {
  /** ISO dates, UTC; `to` is counted. */
  from: string;
  to: string;
  /** The length of each period in days. */
  days: number;
  bucket: AnalyticsBucket;
  previousFrom: string;
  previousTo: string;
};

/** The range asked for and the period of the same length just before it. */
export const analyticsPeriods = (from: string, to: string): AnalyticsPeriods => {
  const days = analyticsRangeDays(from, to);
  return {
    from,
    to,
    days,
    bucket: bucketFor(days),
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
  };
};

/** The first day of the month after the one `date` (an ISO date) is in. */
export const firstOfNextMonth = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

/** The first day of every bucket of the current period, in order (the repository's `bucketStart` in SQL). */
export const bucketStarts = ({ from, to, bucket }: Pick<AnalyticsPeriods, 'from' | 'to' | 'bucket'>) => {
  const starts: string[] = [];
  for (
    let start = from;
    start <= to;
    start =
      bucket === 'day' ? addDays(start, 1) : bucket === 'week' ? addDays(start, 7) : firstOfNextMonth(start)
  )
    starts.push(start);
  return starts;
};

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * The first day of the bucket a paid day falls in. A day of the previous period is moved forward by the period's
 * length first, so it lands in the bucket it is compared with.
 */
export const bucketOf = (day: string, p: AnalyticsPeriods) => {
  const shifted = day >= p.from ? day : addDays(day, p.days);
  if (p.bucket === 'day') return shifted;
  if (p.bucket === 'week')
    return addDays(p.from, Math.floor((analyticsRangeDays(p.from, shifted) - 1) / 7) * 7);
  const month = monthOf(shifted);
  return month > p.from ? month : p.from;
};

export const figuresOf = (revenueCents: number, orders: number): AnalyticsFigures => ({
  revenueCents,
  orders,
  averageOrderCents: orders === 0 ? 0 : Math.round(revenueCents / orders),
});

export const sumFigures = (all: readonly AnalyticsFigures[]) =>
  figuresOf(
    all.reduce((sum, f) => sum + f.revenueCents, 0),
    all.reduce((sum, f) => sum + f.orders, 0),
  );

/** Each bucket of the range with its figures and those of the same bucket in the previous period. */
export const foldDays = (
  days: readonly { day: string; revenueCents: number; orders: number }[],
  p: AnalyticsPeriods,
): AnalyticsPoint[] => {
  const sums = new Map(bucketStarts(p).map((start) => [start, { current: [0, 0], previous: [0, 0] }]));
  for (const row of days) {
    const bucket = sums.get(bucketOf(row.day, p));
    if (!bucket) continue;
    const sum = row.day >= p.from ? bucket.current : bucket.previous;
    sum[0] = (sum[0] ?? 0) + row.revenueCents;
    sum[1] = (sum[1] ?? 0) + row.orders;
  }
  return [...sums].map(([start, { current, previous }]) => ({
    start,
    previousStart: addDays(start, -p.days),
    current: figuresOf(current[0] ?? 0, current[1] ?? 0),
    previous: figuresOf(previous[0] ?? 0, previous[1] ?? 0),
  }));
};

const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

export const refundFiguresOf = (
  refunded: { refundedCents: number; refundedOrders: number } | undefined,
  sales: AnalyticsFigures,
): AnalyticsRefundFigures => {
  const refundedCents = refunded?.refundedCents ?? 0;
  const refundedOrders = refunded?.refundedOrders ?? 0;
  return {
    refundedCents,
    refundedOrders,
    amountRate: rate(refundedCents, sales.revenueCents),
    orderRate: rate(refundedOrders, sales.orders),
  };
};

/** How many rows a breakdown shows before folding the rest into one "other" row. */
export const topRowCount = 10;

/**
 * The breakdown's rows, largest current revenue first (then previous revenue, then key), the rows past the
 * first `topRowCount` summed into one, so the rows always add up to the chart's total.
 */
export const topRows = (
  rows: readonly Omit<AnalyticsRow, 'isOther'>[],
  count = topRowCount,
): AnalyticsRow[] => {
  const sorted = [...rows].sort(
    (a, b) =>
      b.current.revenueCents - a.current.revenueCents ||
      b.previous.revenueCents - a.previous.revenueCents ||
      String(a.key).localeCompare(String(b.key)),
  );
  const top: AnalyticsRow[] = sorted.slice(0, count).map((row) => ({ ...row, isOther: false }));
  const rest = sorted.slice(count);
  if (rest.length === 0) return top;
  return [
    ...top,
    {
      key: null,
      label: null,
      isOther: true,
      current: sumFigures(rest.map((r) => r.current)),
      previous: sumFigures(rest.map((r) => r.previous)),
    },
  ];
};
