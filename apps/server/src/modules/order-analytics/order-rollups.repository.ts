import { type Db, orderRollupDirtyDays, orders, orderDailyRollups as r } from '@esim/db';
import { and, between, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';

/**
 * The daily order rollups (ADR 0072): triggers on orders and refunds name the UTC days whose figures changed
 * (`order_rollup_dirty_days`); a refresh rebuilds exactly those days from the orders, whole.
 */

/** One refresh at a time: two rebuilding the same day would insert its rows twice. */
const refreshLock = 72_0072;

const paidDay = sql`(${orders.paidAt} at time zone 'UTC')::date`;

/**
 * An order came through an ad (ADR 0069): Meta's click id, or a utm_source of Meta's apps. The same expression as
 * the partial `orders_ad_attribution_idx`, so the planner uses it; grain `ad` holds exactly these orders.
 */
export const cameThroughAd = sql`(${orders.fbclid} is not null or lower(${orders.utmSource}) in ('facebook', 'fb', 'ig', 'instagram'))`;

/** An order's utm_campaign as it is matched to a campaign (ADR 0069): without case and outer spaces. */
export const utmCampaignKey = sql<string | null>`lower(trim(${orders.utmCampaign}))`;

// A counted refund is a succeeded one that gave back revenue (a duplicate payment's is not, ADR 0049).
const countedRefunds = sql`from refunds r
  where r.order_id = ${orders.id} and r.status = 'succeeded' and r.kind <> 'duplicate_payment'`;

/** Whether any day of the range (ISO dates, both counted) waits for a refresh; one index probe. */
export const hasDirtyDays = async (db: Db, from: string, to: string) =>
  (
    await db
      .select({ day: orderRollupDirtyDays.day })
      .from(orderRollupDirtyDays)
      .where(between(orderRollupDirtyDays.day, from, to))
      .limit(1)
  ).length > 0;

/**
 * Rebuilds the dirty days (of the range, or all of them) from the orders and returns how many were rebuilt.
 * A change committed while this runs marks its day again (its trigger waits for this transaction's delete of
 * the mark), so the next refresh picks it up: nothing is lost between the two.
 */
export const refreshOrderRollups = async (db: Db, range?: { from: string; to: string }) => {
  const rebuilt = await rebuildMarkedDays(db, range);
  // A bulk rebuild (a first fill, a backfill) changes the table's size by far: plan the next reads with its
  // new statistics rather than wait for autovacuum (an estimate of one row made grouping sort on disk).
  if (rebuilt >= bulkDays) await db.execute(sql`analyze ${r}`);
  return rebuilt;
};

/** Days rebuilt at once past which the table's statistics are refreshed. */
const bulkDays = 30;

const rebuildMarkedDays = (db: Db, range?: { from: string; to: string }) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${refreshLock})`);
    const marked = await tx
      .delete(orderRollupDirtyDays)
      .where(range ? between(orderRollupDirtyDays.day, range.from, range.to) : undefined)
      .returning({ day: orderRollupDirtyDays.day });
    if (marked.length === 0) return 0;
    const days = marked.map((d) => d.day).sort();
    const first = days[0] as string;
    const last = days[days.length - 1] as string;
    await tx.delete(r).where(inArray(r.day, days));
    const inDays: SQL | undefined = and(
      isNotNull(orders.paidAt),
      sql`${orders.paidAt} >= ${`${first}T00:00:00Z`}::timestamptz`,
      sql`${orders.paidAt} < ${`${last}T00:00:00Z`}::timestamptz + interval '1 day'`,
      sql`${paidDay} = any(${`{${days.join(',')}}`}::date[])`,
    );
    const refundSums = {
      refundedCents: sql<number>`coalesce(sum((select sum(r.amount_cents) ${countedRefunds})), 0)`.as(
        'refunded_cents',
      ),
      refundedOrders: sql<number>`count(*) filter (where exists (select 1 ${countedRefunds}))`.as(
        'refunded_orders',
      ),
    };
    await tx.insert(r).select(
      tx
        .select({
          grain: sql<'full'>`'full'`.as('grain'),
          day: sql<string>`${paidDay}`.as('day'),
          kind: orders.kind,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          country: orders.country,
          packageId: orders.packageId,
          utmCampaign: sql<null>`null::text`.as('utm_campaign'),
          orders: sql<number>`count(*)`.as('orders'),
          revenueCents: sql<number>`sum(${orders.totalCents})`.as('revenue_cents'),
          ...refundSums,
        })
        .from(orders)
        .where(inDays)
        .groupBy(paidDay, orders.kind, orders.status, orders.paymentMethod, orders.country, orders.packageId),
    );
    // The orders that came through an ad, per utm_campaign (ADR 0088): read from the orders again, a few a day.
    await tx.insert(r).select(
      tx
        .select({
          grain: sql<'ad'>`'ad'`.as('grain'),
          day: sql<string>`${paidDay}`.as('day'),
          kind: orders.kind,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          country: sql<null>`null::text`.as('country'),
          packageId: sql<null>`null::uuid`.as('package_id'),
          utmCampaign: sql<string | null>`${utmCampaignKey}`.as('utm_campaign'),
          orders: sql<number>`count(*)`.as('orders'),
          revenueCents: sql<number>`sum(${orders.totalCents})`.as('revenue_cents'),
          ...refundSums,
        })
        .from(orders)
        .where(and(inDays, cameThroughAd))
        .groupBy(paidDay, orders.kind, orders.status, orders.paymentMethod, utmCampaignKey),
    );
    // The two coarser grains, summed from the full rows just written.
    for (const grain of ['country', 'package'] as const)
      await tx.insert(r).select(
        tx
          .select({
            grain: sql<typeof grain>`${grain}`.as('grain'),
            day: r.day,
            kind: r.kind,
            status: r.status,
            paymentMethod: r.paymentMethod,
            country: grain === 'country' ? r.country : sql<null>`null::text`.as('country'),
            packageId: grain === 'package' ? r.packageId : sql<null>`null::uuid`.as('package_id'),
            utmCampaign: sql<null>`null::text`.as('utm_campaign'),
            orders: sql<number>`sum(${r.orders})`.as('orders'),
            revenueCents: sql<number>`sum(${r.revenueCents})`.as('revenue_cents'),
            refundedCents: sql<number>`sum(${r.refundedCents})`.as('refunded_cents'),
            refundedOrders: sql<number>`sum(${r.refundedOrders})`.as('refunded_orders'),
          })
          .from(r)
          .where(and(eq(r.grain, 'full'), inArray(r.day, days)))
          .groupBy(r.day, r.kind, r.status, r.paymentMethod, grain === 'country' ? r.country : r.packageId),
      );
    return days.length;
  });
