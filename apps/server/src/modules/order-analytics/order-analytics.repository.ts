import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { type Db, packages, type RollupGrain, orderDailyRollups as r } from '@esim/db';
import { and, between, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';

/**
 * The analytics' figures (ADR 0049), one query per chart, read from the daily order rollups (ADR 0072): a year is
 * a few thousand rollup rows instead of every order. Each reads the current period and the one before it in the
 * same scan, told apart by `day >= from`. The service refreshes the range's dirty days first.
 */
/** ISO dates, UTC: the range asked for (`to` counted) and the first day of the period before it. */
export type AnalyticsRange = { from: string; to: string; previousFrom: string };

/** Rollup rows of one grain (ADR 0072) of sales paid within either period (the rule's reasons: ADR 0049). */
export const countedRollups = (p: { previousFrom: string; to: string }, grain: RollupGrain) =>
  and(
    eq(r.grain, grain),
    inArray(r.kind, analyticsKinds),
    inArray(r.status, analyticsStatuses),
    ne(r.paymentMethod, 'free'),
    between(r.day, p.previousFrom, p.to),
  );

export const isCurrentDay = (p: { from: string }) => gte(r.day, p.from);

export const sumOf = (value: SQL | typeof r.orders, where?: SQL) =>
  (where
    ? sql<number>`coalesce(sum(${value}) filter (where ${where}), 0)`
    : sql<number>`coalesce(sum(${value}), 0)`
  ).mapWith(Number);

/** Revenue and orders per UTC day of both periods (at most 1,462 rows); the service folds days into buckets. */
export const analyticsDays = (db: Db, p: AnalyticsRange) =>
  db
    .select({
      day: r.day,
      revenueCents: sumOf(sql`${r.revenueCents}`),
      orders: sumOf(sql`${r.orders}`),
    })
    .from(r)
    .where(countedRollups(p, 'country'))
    .groupBy(r.day);

export const inPeriods = (p: AnalyticsRange) => {
  const current = sql`${isCurrentDay(p)}`;
  return {
    currentRevenueCents: sumOf(sql`${r.revenueCents}`, current),
    currentOrders: sumOf(sql`${r.orders}`, current),
    previousRevenueCents: sumOf(sql`${r.revenueCents}`, sql`not ${current}`),
    previousOrders: sumOf(sql`${r.orders}`, sql`not ${current}`),
  };
};

export type AnalyticsGroup = 'kind' | 'country' | 'package' | 'paymentMethod';

const groupKeys = {
  kind: sql<string | null>`${r.kind}`,
  country: sql<string | null>`${r.country}`,
  package: sql<string | null>`${r.packageId}`,
  paymentMethod: sql<string | null>`${r.paymentMethod}`,
} satisfies Record<AnalyticsGroup, SQL<string | null>>;

/** The catalogue's current name of the rollup row's package. */
export const packageName = sql<
  string | null
>`(select ${packages.name} from ${packages} where ${packages.id} = ${r.packageId})`;

/** Revenue and orders per kind, country, package or payment method, in each period. */
export const analyticsByGroup = (db: Db, p: AnalyticsRange, group: AnalyticsGroup) =>
  db
    .select({
      key: groupKeys[group],
      label: group === 'package' ? packageName : sql<string | null>`null::text`,
      ...inPeriods(p),
    })
    .from(r)
    .where(countedRollups(p, group === 'package' ? 'package' : 'country'))
    .groupBy(sql.raw('1'));

/** Succeeded refunds of the counted orders, whenever they were made, per period (the rollups carry them). */
export const analyticsRefunds = (db: Db, p: AnalyticsRange) =>
  db
    .select({
      current: sql<boolean>`${isCurrentDay(p)}`.mapWith(Boolean),
      refundedCents: sumOf(sql`${r.refundedCents}`),
      refundedOrders: sumOf(sql`${r.refundedOrders}`),
    })
    .from(r)
    .where(countedRollups(p, 'country'))
    .groupBy(sql.raw('1'));
