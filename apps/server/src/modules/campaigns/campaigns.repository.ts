import type { PageQuery } from '@esim/contracts';
import type { CampaignsQuery } from '@esim/contracts/staff';
import { campaigns, couponRedemptions, coupons, type Db, orders } from '@esim/db';
import { and, desc, eq, gt, gte, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { defineListQuery, pageWindow, searchCondition } from '../../lib/list-query';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
export type CampaignFilters = Omit<CampaignsQuery, 'page' | 'pageSize'>;

/** `campaignStateOf` (coupons/offer-lifecycle.ts) in SQL, for the list's filter. */
const stateCondition = (state: CampaignFilters['state']) => {
  if (state === 'scheduled') return gt(campaigns.startsAt, sql`now()`);
  if (state === 'running') return and(lte(campaigns.startsAt, sql`now()`), gte(campaigns.endsAt, sql`now()`));
  if (state === 'ended') return sql`${campaigns.endsAt} < now()`;
  return undefined;
};

const campaignList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ campaign: campaigns, couponCode: coupons.code, ...listFields })
      .from(campaigns)
      .leftJoin(coupons, eq(coupons.id, campaigns.couponId))
      .$dynamic(),
  where: (filters: CampaignFilters) =>
    and(stateCondition(filters.state), searchCondition(filters.q, [campaigns.name, campaigns.utmCode])),
  sortColumns: { createdAt: campaigns.createdAt, startsOn: campaigns.startsAt, name: campaigns.name },
  tiebreak: campaigns.id,
  defaultSort: '-startsOn',
});

export const listCampaigns = (db: Db, filters: CampaignFilters, page: PageQuery) =>
  campaignList.page(db, filters, page);

export const findCampaign = async (db: Db, campaignId: string) =>
  (
    await db
      .select({ campaign: campaigns, couponCode: coupons.code })
      .from(campaigns)
      .leftJoin(coupons, eq(coupons.id, campaigns.couponId))
      .where(eq(campaigns.id, campaignId))
      .limit(1)
  )[0];

export const lockCampaign = async (tx: Db, campaignId: string) =>
  (await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update').limit(1))[0];

export const utmCodeTaken = async (db: Db, utmCode: string, exceptId?: string) =>
  (
    await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.utmCode, utmCode), exceptId ? ne(campaigns.id, exceptId) : undefined))
      .limit(1)
  ).length > 0;

export const couponIdByCode = async (db: Db, code: string) =>
  (await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).limit(1))[0]?.id;

export const insertCampaign = async (tx: Db, values: NewCampaignRow) => {
  const [row] = await tx.insert(campaigns).values(values).returning();
  if (!row) throw new Error('campaign insert returned nothing');
  return row;
};

export const updateCampaign = async (tx: Db, campaignId: string, values: Partial<NewCampaignRow>) =>
  (
    await tx
      .update(campaigns)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(campaigns.id, campaignId))
      .returning()
  )[0];

/**
 * The campaign running now (`campaignStateOf` in SQL; the latest started, then the latest made, should two
 * overlap), for the banner.
 */
export const findRunningCampaign = async (db: Db) =>
  (
    await db
      .select({ bannerTexts: campaigns.bannerTexts, utmCode: campaigns.utmCode })
      .from(campaigns)
      .where(and(lte(campaigns.startsAt, sql`now()`), gte(campaigns.endsAt, sql`now()`)))
      .orderBy(desc(campaigns.startsAt), desc(campaigns.createdAt), desc(campaigns.id))
      .limit(1)
  )[0];

/** The orders a campaign brought: made with its coupon, or arrived through its link (`utm_campaign`). */
const attributed = (campaign: Pick<CampaignRow, 'couponId' | 'utmCode'>): SQL => {
  const byCoupon = campaign.couponId
    ? sql`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.orderId} = ${orders.id} and ${couponRedemptions.couponId} = ${campaign.couponId})`
    : sql`false`;
  return or(byCoupon, eq(sql`lower(${orders.utmCampaign})`, campaign.utmCode)) as SQL;
};
// Written out: in a selected field drizzle leaves `orders.id` unqualified, which inside the subquery would read the
// redemption's own id.
const viaCoupon = (campaign: Pick<CampaignRow, 'couponId'>) =>
  campaign.couponId
    ? sql<boolean>`exists (select 1 from coupon_redemptions cr where cr.order_id = "orders"."id" and cr.coupon_id = ${campaign.couponId})`
    : sql<boolean>`false`;

/** Counted as revenue: paid, and not wholly refunded or cancelled. */
const earning = and(isNotNull(orders.paidAt), sql`${orders.status} not in ('refunded', 'cancelled')`);

export const listCampaignOrders = async (
  db: Db,
  campaign: Pick<CampaignRow, 'couponId' | 'utmCode'>,
  query: PageQuery & { sort: string },
) => {
  const where = attributed(campaign);
  const direction = query.sort.startsWith('-') ? 'desc' : 'asc';
  const column = query.sort.replace(/^-/, '') === 'totalCents' ? orders.totalCents : orders.createdAt;
  const { limit, offset } = pageWindow(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        buyerEmail: orders.buyerEmail,
        totalCents: orders.totalCents,
        discountCents: orders.discountCents,
        viaCoupon: viaCoupon(campaign),
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(direction === 'desc' ? desc(column) : column, desc(orders.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        paidOrders: sql<number>`(count(*) filter (where ${earning}))::int`,
        revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${earning}), 0)::int`,
        discountCents: sql<number>`coalesce(sum(${orders.discountCents}) filter (where ${earning}), 0)::int`,
      })
      .from(orders)
      .where(where),
  ]);
  return { rows, totals: totals ?? { total: 0, paidOrders: 0, revenueCents: 0, discountCents: 0 } };
};
