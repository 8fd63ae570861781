import type { PageQuery } from '@esim/contracts';
import type { CouponsQuery } from '@esim/contracts/staff';
import { campaigns, couponRedemptions, coupons, type Db, packageCountries, packages } from '@esim/db';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;
export type CouponFilters = Omit<CouponsQuery, 'page' | 'pageSize'>;

/** The dates of the campaigns that name a coupon, as one JSON array per coupon (the lifecycle's input). */
const campaignWindowsOf = sql<
  { startsAt: string; endsAt: string }[]
>`coalesce((select json_agg(json_build_object('startsAt', ${campaigns.startsAt}, 'endsAt', ${campaigns.endsAt})) from ${campaigns} where ${campaigns.couponId} = ${coupons.id}), '[]'::json)`;

/** JSON's timestamps as dates. */
export const toCampaignWindows = (rows: { startsAt: string; endsAt: string }[]) =>
  rows.map((row) => ({ startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));

const couponList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        coupon: coupons,
        packageSlug: packages.slug,
        campaignWindows: campaignWindowsOf,
        ...listFields,
      })
      .from(coupons)
      .leftJoin(packages, eq(packages.id, coupons.scopePackageId))
      .$dynamic(),
  where: (filters: CouponFilters) =>
    and(
      filters.kind ? eq(coupons.kind, filters.kind) : undefined,
      searchCondition(filters.q, [coupons.code]),
    ),
  sortColumns: { createdAt: coupons.createdAt, code: coupons.code, redeemedCount: coupons.redeemedCount },
  tiebreak: coupons.id,
  defaultSort: '-createdAt',
});

export const listCoupons = (db: Db, filters: CouponFilters, page: PageQuery) =>
  couponList.page(db, filters, page);

/** A coupon with its scope package's slug. */
export const findCoupon = async (db: Db, couponId: string) =>
  (
    await db
      .select({ coupon: coupons, packageSlug: packages.slug, campaignWindows: campaignWindowsOf })
      .from(coupons)
      .leftJoin(packages, eq(packages.id, coupons.scopePackageId))
      .where(eq(coupons.id, couponId))
      .limit(1)
  )[0];

export const findCouponByCode = async (db: Db, code: string) =>
  (await db.select().from(coupons).where(eq(coupons.code, code)).limit(1))[0];

/** The first and last moments of the campaigns that name a coupon (none: the coupon stands alone). */
export const listCampaignWindowsOfCoupon = (db: Db, couponId: string) =>
  db
    .select({ startsAt: campaigns.startsAt, endsAt: campaigns.endsAt })
    .from(campaigns)
    .where(eq(campaigns.couponId, couponId));

export const couponCodeTaken = async (db: Db, code: string, exceptId?: string) =>
  (
    await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.code, code), exceptId ? sql`${coupons.id} <> ${exceptId}` : undefined))
      .limit(1)
  ).length > 0;

export const lockCoupon = async (tx: Db, couponId: string) =>
  (await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update').limit(1))[0];

export const insertCoupon = async (tx: Db, values: NewCouponRow) => {
  const [row] = await tx.insert(coupons).values(values).returning();
  if (!row) throw new Error('coupon insert returned nothing');
  return row;
};

export const updateCoupon = async (tx: Db, couponId: string, values: Partial<NewCouponRow>) =>
  (
    await tx
      .update(coupons)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(coupons.id, couponId))
      .returning()
  )[0];

export const packageIdBySlug = async (db: Db, slug: string) =>
  (
    await db
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.slug, slug), isNull(packages.deletedAt)))
      .limit(1)
  )[0]?.id;

/** Whether a package works in a country (a local package's own country, or one its coverage lists). */
export const packageWorksIn = async (db: Db, packageId: string, country: string) =>
  (
    await db
      .select({ one: sql`1` })
      .from(packages)
      .where(
        and(
          eq(packages.id, packageId),
          or(
            eq(packages.countryCode, country),
            sql`exists (select 1 from ${packageCountries} where ${packageCountries.packageId} = ${packages.id} and ${packageCountries.countryCode} = ${country})`,
          ),
        ),
      )
      .limit(1)
  ).length > 0;

/** A customer's held and captured uses of a coupon (the per-customer limit). */
export const countCustomerRedemptions = async (db: Db, couponId: string, customerKey: string) =>
  db.$count(
    couponRedemptions,
    and(
      eq(couponRedemptions.couponId, couponId),
      eq(couponRedemptions.customerKey, customerKey),
      inArray(couponRedemptions.status, ['held', 'captured']),
    ),
  );

/**
 * Takes one use of the coupon if its limit allows: a guarded update, so even without the row lock two
 * checkouts could not take the last use twice. Returns whether it was taken.
 */
export const takeCouponUse = async (tx: Db, couponId: string) =>
  (
    await tx
      .update(coupons)
      .set({ redeemedCount: sql`${coupons.redeemedCount} + 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
        ),
      )
      .returning({ id: coupons.id })
  ).length > 0;

export const insertCouponRedemption = (tx: Db, values: typeof couponRedemptions.$inferInsert) =>
  tx.insert(couponRedemptions).values(values);

export const findRedemptionOfOrder = async (db: Db, orderId: string) =>
  (await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).limit(1))[0];

const changeRedemptionOfOrder = async (
  tx: Db,
  orderId: string,
  from: 'held' | 'released',
  to: 'captured' | 'released' | 'held',
) =>
  (
    await tx
      .update(couponRedemptions)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, from)))
      .returning()
  )[0];

/** The order was paid: its coupon use is spent for good. */
export const captureCouponRedemption = (tx: Db, orderId: string) =>
  changeRedemptionOfOrder(tx, orderId, 'held', 'captured');

/** The order's payment failed or expired (or it was refunded at payment): its use goes back to the coupon, once. */
export const releaseCouponRedemption = async (tx: Db, orderId: string) => {
  const released = await changeRedemptionOfOrder(tx, orderId, 'held', 'released');
  if (released)
    await tx
      .update(coupons)
      .set({ redeemedCount: sql`${coupons.redeemedCount} - 1` })
      .where(eq(coupons.id, released.couponId));
  return released;
};

/** A released use held again (its count was just taken back by `takeCouponUse`). */
export const reholdRedemptionOfOrder = (tx: Db, orderId: string) =>
  changeRedemptionOfOrder(tx, orderId, 'released', 'held');
