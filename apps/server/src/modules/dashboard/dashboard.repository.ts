import { businesses, type Db, esimPackages, orders, refunds, shops, users } from '@esim/db';
import { and, count, countDistinct, eq, gte, isNull, ne, sql } from 'drizzle-orm';

/** Orders paid since `since`: one scan with a filter per figure. */
export const paidOrderFigures = async (db: Db, since: Date) => {
  const [row] = await db
    .select({
      revenueCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentMethod} = 'card'), 0)`.mapWith(
          Number,
        ),
      orders: sql<number>`count(*) filter (where ${orders.kind} <> 'credits')`.mapWith(Number),
      topUps: sql<number>`count(*) filter (where ${orders.kind} = 'topup')`.mapWith(Number),
      shopCreditSoldCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.kind} = 'credits'), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(gte(orders.paidAt, since));
  return row ?? { revenueCents: 0, orders: 0, topUps: 0, shopCreditSoldCents: 0 };
};

export const newCustomersSince = async (db: Db, since: Date) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.kind, 'customer'), isNull(users.deletedAt), gte(users.createdAt, since)))
  )[0]?.n ?? 0;

export const countActiveEsims = async (db: Db) =>
  (
    await db
      .select({ n: countDistinct(esimPackages.esimId) })
      .from(esimPackages)
      .where(eq(esimPackages.status, 'active'))
  )[0]?.n ?? 0;

/** Card revenue per UTC day from `since` on. */
export const revenueByDay = async (db: Db, since: Date) => {
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, cents: sql<number>`sum(${orders.totalCents})`.mapWith(Number) })
    .from(orders)
    .where(and(gte(orders.paidAt, since), eq(orders.paymentMethod, 'card')))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, r.cents]));
};

const firstCount = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/** What needs a person now, one count per queue. */
export const attentionCounts = async (db: Db) => {
  const [ordersForReview, failedTransactions, failedRefunds, pendingShops, newApplications] =
    await Promise.all([
      firstCount(db.select({ n: count() }).from(orders).where(eq(orders.fulfilmentStatus, 'for_review'))),
      firstCount(
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.fulfilmentStatus, 'failed'), ne(orders.status, 'refunded'))),
      ),
      firstCount(db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'failed'))),
      firstCount(
        db
          .select({ n: count() })
          .from(shops)
          .where(and(eq(shops.status, 'pending_verification'), isNull(shops.deletedAt))),
      ),
      firstCount(db.select({ n: count() }).from(businesses).where(eq(businesses.status, 'new'))),
    ]);
  return { ordersForReview, failedTransactions, failedRefunds, pendingShops, newApplications };
};
