import { type AnalyticsBucket, analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { type Db, orders, refunds } from '@esim/db';
import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';

/**
 * The analytics' figures (ADR 0049), one query per chart. Each reads the current period and the one before it
 * in the same scan of the orders paid in both, told apart by `paid_at >= from`.
 */
export type AnalyticsPeriods = {
  /** ISO dates, UTC; `to` is counted. */
  from: string;
  to: string;
  previousFrom: string;
  /** The length of each period in days. */
  days: number;
  bucket: AnalyticsBucket;
};

const startOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const endOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz + interval '1 day'`;

/** Orders that are sales paid within either period (the rule's reasons are in ADR 0049). */
const counted = (p: AnalyticsPeriods) =>
  and(
    inArray(orders.kind, analyticsKinds),
    inArray(orders.status, analyticsStatuses),
    ne(orders.paymentMethod, 'free'),
    gte(orders.paidAt, startOf(p.previousFrom)),
    lt(orders.paidAt, endOf(p.to)),
  );

const isCurrent = (p: AnalyticsPeriods) => sql`${orders.paidAt} >= ${startOf(p.from)}`;

/**
 * The first day of an order's bucket, as text. A previous-period order is moved forward by the period's length
 * first, so it falls in the bucket it is compared with (the service subtracts the length again for its label).
 */
const bucketStart = (p: AnalyticsPeriods) => {
  const day = sql`((${orders.paidAt} at time zone 'UTC')::date + case when ${isCurrent(p)} then 0 else ${p.days}::int end)`;
  const from = sql`${p.from}::date`;
  const start =
    p.bucket === 'day'
      ? day
      : p.bucket === 'week'
        ? sql`(${from} + ((${day} - ${from}) / 7) * 7)`
        : sql`greatest(date_trunc('month', ${day})::date, ${from})`;
  return sql<string>`to_char(${start}, 'YYYY-MM-DD')`;
};

const cents = (value: SQL, where?: SQL) =>
  (where
    ? sql<number>`coalesce(sum(${value}) filter (where ${where}), 0)`
    : sql<number>`coalesce(sum(${value}), 0)`
  ).mapWith(Number);
const byPosition = [sql.raw('1'), sql.raw('2')];

/** Revenue and orders per bucket and period. */
export const analyticsOverTime = (db: Db, p: AnalyticsPeriods) =>
  db
    .select({
      current: sql<boolean>`${isCurrent(p)}`.mapWith(Boolean),
      start: bucketStart(p),
      revenueCents: cents(sql`${orders.totalCents}`),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(counted(p))
    .groupBy(...byPosition);

const inPeriods = (p: AnalyticsPeriods) => {
  const current = isCurrent(p);
  return {
    currentRevenueCents: cents(sql`${orders.totalCents}`, current),
    currentOrders: sql<number>`count(*) filter (where ${current})`.mapWith(Number),
    previousRevenueCents: cents(sql`${orders.totalCents}`, sql`not ${current}`),
    previousOrders: sql<number>`count(*) filter (where not ${current})`.mapWith(Number),
  };
};

export type AnalyticsGroup = 'kind' | 'country' | 'package' | 'paymentMethod';

const groupKeys = {
  kind: sql<string | null>`${orders.kind}`,
  country: sql<string | null>`${orders.country}`,
  package: sql<string | null>`${orders.packageId}::text`,
  paymentMethod: sql<string | null>`${orders.paymentMethod}`,
} satisfies Record<AnalyticsGroup, SQL<string | null>>;

/** Revenue and orders per kind, country, package or payment method, in each period. */
export const analyticsByGroup = (db: Db, p: AnalyticsPeriods, group: AnalyticsGroup) =>
  db
    .select({
      key: groupKeys[group],
      // A package's name as sold (its snapshot); one name when it was renamed in between.
      label:
        group === 'package'
          ? sql<string | null>`min(${orders.packageSnapshot}->>'name')`
          : sql<string | null>`null::text`,
      ...inPeriods(p),
    })
    .from(orders)
    .where(counted(p))
    .groupBy(sql.raw('1'));

/**
 * Succeeded refunds of the counted orders, whenever they were made, per period. A duplicate payment's refund
 * gives back a second charge that was never revenue, so it is left out.
 */
export const analyticsRefunds = (db: Db, p: AnalyticsPeriods) =>
  db
    .select({
      current: sql<boolean>`${isCurrent(p)}`.mapWith(Boolean),
      refundedCents: cents(sql`${refunds.amountCents}`),
      refundedOrders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(counted(p), eq(refunds.status, 'succeeded'), ne(refunds.kind, 'duplicate_payment')))
    .groupBy(sql.raw('1'));
