import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { type Db, orders, packages, refunds } from '@esim/db';
import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';

/**
 * The analytics' figures (ADR 0049), one query per chart. Each reads the current period and the one before it
 * in the same scan of the orders paid in both, told apart by `paid_at >= from`.
 */
/** ISO dates, UTC: the range asked for (`to` counted) and the first day of the period before it. */
export type AnalyticsRange = { from: string; to: string; previousFrom: string };

const startOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const endOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz + interval '1 day'`;

/** Orders that are sales paid within either period (the rule's reasons are in ADR 0049). */
const counted = (p: AnalyticsRange) =>
  and(
    inArray(orders.kind, analyticsKinds),
    inArray(orders.status, analyticsStatuses),
    ne(orders.paymentMethod, 'free'),
    gte(orders.paidAt, startOf(p.previousFrom)),
    lt(orders.paidAt, endOf(p.to)),
  );

const isCurrent = (p: AnalyticsRange) => sql`${orders.paidAt} >= ${startOf(p.from)}`;

const cents = (value: SQL, where?: SQL) =>
  (where
    ? sql<number>`coalesce(sum(${value}) filter (where ${where}), 0)`
    : sql<number>`coalesce(sum(${value}), 0)`
  ).mapWith(Number);

// The UTC day an order was paid; written without parameters so the select and the group by are the same expression.
const paidDay = sql`(${orders.paidAt} at time zone 'UTC')::date`;

/**
 * Revenue and orders per UTC day of both periods (at most 1,462 rows); the service folds days into buckets, so
 * the database does no date arithmetic per order.
 */
export const analyticsDays = (db: Db, p: AnalyticsRange) =>
  db
    .select({
      day: sql<string>`to_char(${paidDay}, 'YYYY-MM-DD')`,
      revenueCents: cents(sql`${orders.totalCents}`),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(counted(p))
    .groupBy(paidDay);

const inPeriods = (p: AnalyticsRange) => {
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
  package: sql<string | null>`${orders.packageId}`,
  paymentMethod: sql<string | null>`${orders.paymentMethod}`,
} satisfies Record<AnalyticsGroup, SQL<string | null>>;

/**
 * Revenue and orders per kind, country, package or payment method, in each period. A package is named by the
 * catalogue (its name now), looked up once per group: the orders' own columns then all come from
 * `orders_analytics_idx`, without reading the rows.
 */
export const analyticsByGroup = (db: Db, p: AnalyticsRange, group: AnalyticsGroup) =>
  db
    .select({
      key: groupKeys[group],
      label:
        group === 'package'
          ? sql<
              string | null
            >`(select ${packages.name} from ${packages} where ${packages.id} = ${orders.packageId})`
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
export const analyticsRefunds = (db: Db, p: AnalyticsRange) =>
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
