import type { TrafficFigures, TrafficPoint, TrafficRow } from '@esim/contracts/staff';
import { type AnalyticsPeriods, addDays, bucketOf, bucketStarts } from '../order-analytics/order-analytics';

/**
 * The statistics' pure rules (ADR 0066): figures and their conversion rate, days folded into the orders
 * analytics' buckets (the same periods and buckets as ADR 0049), rows sorted and the long tail folded.
 */

type Counts = { visits: number; sessions: number; orders: number; revenueCents: number };

const rate = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

export const trafficFiguresOf = ({ visits, sessions, orders, revenueCents }: Counts): TrafficFigures => ({
  visits,
  sessions,
  orders,
  revenueCents,
  conversionRate: rate(orders, sessions),
});

const zero: Counts = { visits: 0, sessions: 0, orders: 0, revenueCents: 0 };

const add = (a: Counts, b: Counts): Counts => ({
  visits: a.visits + b.visits,
  sessions: a.sessions + b.sessions,
  orders: a.orders + b.orders,
  revenueCents: a.revenueCents + b.revenueCents,
});

export const sumTrafficFigures = (all: readonly TrafficFigures[]) =>
  trafficFiguresOf(all.reduce<Counts>(add, zero));

/** A roll-up row of both periods, as the repositories answer it. */
export type PeriodSums = {
  key: string | null;
  currentVisits: number;
  currentSessions: number;
  currentOrders: number;
  currentRevenueCents: number;
  previousVisits: number;
  previousSessions: number;
  previousOrders: number;
  previousRevenueCents: number;
};

/** '' in a roll-up key is "none recorded" (no campaign, unknown country): null in the answer. */
export const trafficRowOf = (row: PeriodSums): TrafficRow => ({
  key: row.key === '' ? null : row.key,
  isOther: false,
  current: trafficFiguresOf({
    visits: row.currentVisits,
    sessions: row.currentSessions,
    orders: row.currentOrders,
    revenueCents: row.currentRevenueCents,
  }),
  previous: trafficFiguresOf({
    visits: row.previousVisits,
    sessions: row.previousSessions,
    orders: row.previousOrders,
    revenueCents: row.previousRevenueCents,
  }),
});

/** Most sessions first, then revenue, then the previous period's sessions, then the key (stable pages and CSV). */
export const sortTrafficRows = (rows: readonly TrafficRow[]) =>
  [...rows].sort(
    (a, b) =>
      b.current.sessions - a.current.sessions ||
      b.current.revenueCents - a.current.revenueCents ||
      b.previous.sessions - a.previous.sessions ||
      String(a.key ?? '').localeCompare(String(b.key ?? '')),
  );

/** The first `count` rows and one more summing the rest, so the rows still add up to the total. */
export const foldTrafficRows = (rows: readonly TrafficRow[], count = 10): TrafficRow[] => {
  const sorted = sortTrafficRows(rows);
  const rest = sorted.slice(count);
  if (rest.length === 0) return sorted;
  return [
    ...sorted.slice(0, count),
    {
      key: null,
      isOther: true,
      current: sumTrafficFigures(rest.map((r) => r.current)),
      previous: sumTrafficFigures(rest.map((r) => r.previous)),
    },
  ];
};

/** The totals of a table: the sum of its rows in each period. */
export const trafficTotalsOf = (rows: readonly TrafficRow[]) => ({
  current: sumTrafficFigures(rows.map((r) => r.current)),
  previous: sumTrafficFigures(rows.map((r) => r.previous)),
});

/** Each bucket of the range with both periods' figures (a previous day is compared in its shifted bucket). */
export const foldTrafficDays = (
  days: readonly ({ day: string } & Counts)[],
  p: AnalyticsPeriods,
): TrafficPoint[] => {
  const buckets = new Map(bucketStarts(p).map((start) => [start, { current: zero, previous: zero }]));
  for (const row of days) {
    const bucket = buckets.get(bucketOf(row.day, p));
    if (!bucket) continue;
    if (row.day >= p.from) bucket.current = add(bucket.current, row);
    else bucket.previous = add(bucket.previous, row);
  }
  return [...buckets].map(([start, { current, previous }]) => ({
    start,
    previousStart: addDays(start, -p.days),
    current: trafficFiguresOf(current),
    previous: trafficFiguresOf(previous),
  }));
};

/** Growth of new registrations against the period before: null when there were none before. */
export const growthRate = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 10_000) / 10_000;
