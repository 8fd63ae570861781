import { analyticsKinds, analyticsStatuses } from '@esim/contracts/staff';
import { type Db, orders, packages, orderDailyRollups as r } from '@esim/db';
import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AnalyticsRange,
  countedRollups,
  inPeriods,
  sumOf,
} from '../order-analytics/order-analytics.repository';

/**
 * Package statistics (issue 33, ADR 0072): every figure but the buyer list reads the daily order rollups, with
 * the orders analytics' rule of what counts (ADR 0049).
 */

const packageColumns = {
  id: packages.id,
  slug: packages.slug,
  name: packages.name,
  type: packages.type,
  countryCode: packages.countryCode,
  regionCode: packages.regionCode,
};

/** A package by its slug (the screens' display name in the address), deleted ones too: they have history. */
export const findPackageBySlug = async (db: Db, slug: string) =>
  (await db.select(packageColumns).from(packages).where(eq(packages.slug, slug)).limit(1))[0] ?? null;

export const findPackageById = async (db: Db, id: string) =>
  (await db.select(packageColumns).from(packages).where(eq(packages.id, id)).limit(1))[0] ?? null;

/** Revenue and sales per package in each period. */
export const salesByPackage = (db: Db, p: AnalyticsRange) =>
  db
    .select({
      packageId: r.packageId,
      slug: packages.slug,
      name: packages.name,
      type: packages.type,
      ...inPeriods(p),
    })
    .from(r)
    .leftJoin(packages, eq(packages.id, r.packageId))
    .where(countedRollups(p, 'package'))
    .groupBy(r.packageId, packages.slug, packages.name, packages.type);

/** One package's revenue and sales per UTC day of both periods. */
export const packageDays = (db: Db, p: AnalyticsRange, packageId: string) =>
  db
    .select({
      day: r.day,
      revenueCents: sumOf(sql`${r.revenueCents}`),
      orders: sumOf(sql`${r.orders}`),
    })
    .from(r)
    .where(and(eq(r.packageId, packageId), countedRollups(p, 'package')))
    .groupBy(r.day);

/** One package's revenue and sales per buyer country in each period. */
export const packageByCountry = (db: Db, p: AnalyticsRange, packageId: string) =>
  db
    .select({ key: r.country, label: sql<string | null>`null::text`, ...inPeriods(p) })
    .from(r)
    .where(and(eq(r.packageId, packageId), countedRollups(p, 'full')))
    .groupBy(r.country);

/** Sales per buyer country × destination (the package's country or region), in each period. */
export const salesByCountryAndDestination = (db: Db, p: AnalyticsRange) =>
  db
    .select({
      buyerCountry: r.country,
      code: sql<string | null>`coalesce(${packages.countryCode}, ${packages.regionCode})`,
      type: packages.type,
      ...inPeriods(p),
    })
    .from(r)
    .leftJoin(packages, eq(packages.id, r.packageId))
    .where(countedRollups(p, 'full'))
    .groupBy(sql.raw('1, 2, 3'));

// The orders again, for each buyer's latest order.
const latestOrder = alias(orders, 'latest');
type Orders = typeof orders | typeof latestOrder;

// A buyer: the customer's account, else the e-mail address (a shop's subscriber, a guest before sign-up).
const buyerKeyOf = (o: Orders) => sql<string>`coalesce(${o.userId}::text, lower(${o.buyerEmail}))`;
const buyerKey = buyerKeyOf(orders);

/**
 * The buyers of one package in a range (ISO dates, both counted), largest spend first, paged. Read from the
 * orders (a buyer list has no daily sum), through `orders_package_paid_idx` alone: it holds every column the
 * grouping reads (ADR 0088).
 */
const boughtInRange = (o: Orders, range: { from: string; to: string }, packageId: string) =>
  and(
    eq(o.packageId, packageId),
    gte(o.paidAt, sql`${`${range.from}T00:00:00Z`}::timestamptz`),
    lt(o.paidAt, sql`${`${range.to}T00:00:00Z`}::timestamptz + interval '1 day'`),
    inArray(o.kind, analyticsKinds),
    inArray(o.status, analyticsStatuses),
    ne(o.paymentMethod, 'free'),
  );

export const countPackageBuyers = async (db: Db, range: { from: string; to: string }, packageId: string) =>
  (
    await db
      .select({ n: sql<number>`count(distinct ${buyerKey})`.mapWith(Number) })
      .from(orders)
      .where(boughtInRange(orders, range, packageId))
  )[0]?.n ?? 0;

/**
 * One page of buyers: grouped first from the index (orders, revenue, last payment), and only the page's buyers
 * named after, from their latest order of the range (the last payment, the greatest id of that instant).
 */
export const packageBuyers = (
  db: Db,
  range: { from: string; to: string },
  packageId: string,
  page: { page: number; pageSize: number },
) => {
  const buyers = db
    .select({
      key: sql<string>`${buyerKey}`.as('key'),
      orders: sql<number>`count(*)`.as('orders'),
      revenueCents: sql<number>`sum(${orders.totalCents})`.as('revenue_cents'),
      lastPaidAt: sql<Date>`max(${orders.paidAt})`.as('last_paid_at'),
      // Buyers in all: counted over the groups in the same pass (a page past the last asks separately).
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(orders)
    .where(boughtInRange(orders, range, packageId))
    .groupBy(buyerKey)
    .orderBy(desc(sql`sum(${orders.totalCents})`), buyerKey)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .as('buyers');
  const latest = db
    .select({
      userId: latestOrder.userId,
      name: latestOrder.buyerName,
      email: latestOrder.buyerEmail,
      country: latestOrder.country,
    })
    .from(latestOrder)
    .where(
      and(
        boughtInRange(latestOrder, range, packageId),
        eq(latestOrder.paidAt, buyers.lastPaidAt),
        eq(buyerKeyOf(latestOrder), buyers.key),
      ),
    )
    .orderBy(desc(latestOrder.id))
    .limit(1)
    .as('latest_order');
  return db
    .select({
      userId: latest.userId,
      name: sql<string>`${latest.name}`,
      email: sql<string>`${latest.email}`,
      country: latest.country,
      orders: sql<number>`${buyers.orders}`.mapWith(Number),
      revenueCents: sql<number>`${buyers.revenueCents}`.mapWith(Number),
      lastPaidAt: sql<Date>`${buyers.lastPaidAt}`.mapWith((v: string | Date) => new Date(v)),
      total: sql<number>`${buyers.total}`.mapWith(Number),
    })
    .from(buyers)
    .innerJoinLateral(latest, sql`true`)
    .orderBy(desc(buyers.revenueCents), buyers.key);
};
