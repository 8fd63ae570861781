import { analyticsKinds, analyticsStatuses, type FacebookAdOrdersCsvQuery } from '@esim/contracts/staff';
import {
  adCampaignDays,
  adCampaigns,
  adInsightsDaily,
  adSets,
  adSyncs,
  ads,
  type Db,
  orders,
} from '@esim/db';
import {
  type AnyColumn,
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Ad, AdCampaign, AdDayInsight, AdSet } from '../../adapters/ads/port';
import { defineListQuery } from '../../lib/list-query';

/**
 * Every query of the Facebook ads (ADR 0069): the sync's upserts, Meta's figures per day and campaign or per
 * ad, and our orders that came through an ad, counted by the orders analytics' rule (ADR 0049).
 */

const now = sql`now()`;

// ---- the sync

/**
 * One sync writes at a time (the daily job and a staff backfill may meet): each removes the rows of its range it
 * did not write, which must not be rows another sync is writing.
 */
export const lockAdsSync = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('ads-sync'))`);

/** Campaigns, ad sets and ads as the platform names them now; returns each one's id by the platform's id. */
export const upsertAdStructure = async (
  tx: Db,
  structure: { campaigns: AdCampaign[]; adSets: AdSet[]; ads: Ad[] },
) => {
  const campaignIds = new Map<string, string>();
  if (structure.campaigns.length > 0)
    for (const row of await tx
      .insert(adCampaigns)
      .values(
        structure.campaigns.map((c) => ({
          externalId: c.externalId,
          name: c.name,
          status: c.status,
          objective: c.objective,
        })),
      )
      .onConflictDoUpdate({
        target: [adCampaigns.platform, adCampaigns.externalId],
        set: {
          name: sql`excluded.name`,
          status: sql`excluded.status`,
          objective: sql`excluded.objective`,
          updatedAt: now,
        },
      })
      .returning({ id: adCampaigns.id, externalId: adCampaigns.externalId }))
      campaignIds.set(row.externalId, row.id);

  const setIds = new Map<string, string>();
  const knownSets = structure.adSets.filter((s) => campaignIds.has(s.campaignExternalId));
  if (knownSets.length > 0)
    for (const row of await tx
      .insert(adSets)
      .values(
        knownSets.map((s) => ({
          externalId: s.externalId,
          campaignId: campaignIds.get(s.campaignExternalId) ?? '',
          name: s.name,
          status: s.status,
        })),
      )
      .onConflictDoUpdate({
        target: [adSets.platform, adSets.externalId],
        set: {
          campaignId: sql`excluded.campaign_id`,
          name: sql`excluded.name`,
          status: sql`excluded.status`,
          updatedAt: now,
        },
      })
      .returning({ id: adSets.id, externalId: adSets.externalId }))
      setIds.set(row.externalId, row.id);

  const adIds = new Map<string, { adId: string; campaignId: string }>();
  const knownAds = structure.ads.filter(
    (a) => setIds.has(a.adSetExternalId) && campaignIds.has(a.campaignExternalId),
  );
  if (knownAds.length > 0)
    for (const row of await tx
      .insert(ads)
      .values(
        knownAds.map((a) => ({
          externalId: a.externalId,
          adSetId: setIds.get(a.adSetExternalId) ?? '',
          campaignId: campaignIds.get(a.campaignExternalId) ?? '',
          name: a.name,
          status: a.status,
        })),
      )
      .onConflictDoUpdate({
        target: [ads.platform, ads.externalId],
        set: {
          adSetId: sql`excluded.ad_set_id`,
          campaignId: sql`excluded.campaign_id`,
          name: sql`excluded.name`,
          status: sql`excluded.status`,
          updatedAt: now,
        },
      })
      .returning({ id: ads.id, externalId: ads.externalId, campaignId: ads.campaignId }))
      adIds.set(row.externalId, { adId: row.id, campaignId: row.campaignId });
  return { campaigns: campaignIds.size, adSets: setIds.size, ads: adIds };
};

// Thirteen parameters a row: well under PostgreSQL's 65,535 per statement.
const batchSize = 2_000;

/**
 * Writes each ad's day (insert, or replace the day's figures: one row per ad and day whatever how often a day is
 * synced), then removes the range's rows the platform no longer reports. Returns how many were removed.
 */
export const replaceInsights = async (
  tx: Db,
  range: { from: string; to: string },
  rows: (AdDayInsight & { adId: string; campaignId: string })[],
) => {
  const syncedAt = new Date();
  for (let i = 0; i < rows.length; i += batchSize)
    await tx
      .insert(adInsightsDaily)
      .values(
        rows.slice(i, i + batchSize).map((r) => ({
          adId: r.adId,
          day: r.day,
          campaignId: r.campaignId,
          spendCents: r.spendCents,
          impressions: r.impressions,
          reach: r.reach,
          clicks: r.clicks,
          cpcCents: r.cpcCents,
          ctrPercent: r.ctrPercent,
          purchases: r.purchases,
          purchaseValueCents: r.purchaseValueCents,
          syncedAt,
        })),
      )
      .onConflictDoUpdate({
        target: [adInsightsDaily.adId, adInsightsDaily.day],
        set: {
          campaignId: sql`excluded.campaign_id`,
          spendCents: sql`excluded.spend_cents`,
          impressions: sql`excluded.impressions`,
          reach: sql`excluded.reach`,
          clicks: sql`excluded.clicks`,
          cpcCents: sql`excluded.cpc_cents`,
          ctrPercent: sql`excluded.ctr_percent`,
          purchases: sql`excluded.purchases`,
          purchaseValueCents: sql`excluded.purchase_value_cents`,
          syncedAt: sql`excluded.synced_at`,
        },
      });
  // Rows of the range this sync did not write were not reported this time (every written row has this stamp).
  const removed = await tx
    .delete(adInsightsDaily)
    .where(
      and(
        gte(adInsightsDaily.day, range.from),
        lte(adInsightsDaily.day, range.to),
        ne(adInsightsDaily.syncedAt, syncedAt),
      ),
    )
    .returning({ adId: adInsightsDaily.adId });
  await rollUpCampaignDays(tx, range);
  return removed.length;
};

/**
 * The range's days per campaign, summed again from the ad rows just written (ADR 0078): the summary and the
 * campaigns read these few rows a day. Rebuilt whole for the range in the sync's transaction, never adjusted.
 */
export const rollUpCampaignDays = async (tx: Db, range: { from: string; to: string }) => {
  await tx
    .delete(adCampaignDays)
    .where(and(gte(adCampaignDays.day, range.from), lte(adCampaignDays.day, range.to)));
  await tx.execute(sql`
    insert into ${adCampaignDays} (day, campaign_id, spend_cents, impressions, clicks, purchases, purchase_value_cents)
    select day, campaign_id, sum(spend_cents), sum(impressions), sum(clicks), sum(purchases), sum(purchase_value_cents)
    from ${adInsightsDaily}
    where day >= ${range.from}::date and day <= ${range.to}::date
    group by day, campaign_id`);
};

export const startSyncRun = async (
  db: Db,
  run: { from: string; to: string; trigger: (typeof adSyncs.$inferInsert)['trigger']; staffUserId?: string },
) => {
  const [row] = await db
    .insert(adSyncs)
    .values({ fromDay: run.from, toDay: run.to, trigger: run.trigger, staffUserId: run.staffUserId })
    .returning({ id: adSyncs.id });
  if (!row) throw new Error('ad sync run not recorded');
  return row.id;
};

export const finishSyncRun = (
  db: Db,
  id: string,
  outcome: { result: Record<string, number> } | { error: string },
) =>
  db
    .update(adSyncs)
    .set({ ...outcome, finishedAt: now })
    .where(eq(adSyncs.id, id));

/** When the last sync that succeeded finished. */
export const lastSyncedAt = async (db: Db) => {
  const [row] = await db
    .select({ at: adSyncs.finishedAt })
    .from(adSyncs)
    .where(and(isNotNull(adSyncs.finishedAt), isNull(adSyncs.error)))
    .orderBy(desc(adSyncs.finishedAt))
    .limit(1);
  return row?.at ?? null;
};

export const hasInsights = async (db: Db) =>
  (await db.select({ day: adInsightsDaily.day }).from(adInsightsDaily).limit(1)).length > 0;

// ---- the screens

/** ISO dates: the range asked for and the first day of the period before it. */
export type AdsRange = { from: string; to: string; previousFrom: string };

const metaSums = {
  spendCents: sql<number | null>`sum(${adInsightsDaily.spendCents})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  impressions: sql<number | null>`sum(${adInsightsDaily.impressions})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  clicks: sql<number | null>`sum(${adInsightsDaily.clicks})`.mapWith((v) => (v === null ? null : Number(v))),
  purchases: sql<number | null>`sum(${adInsightsDaily.purchases})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  purchaseValueCents: sql<number | null>`sum(${adInsightsDaily.purchaseValueCents})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
};

const campaignDaySum = (column: AnyColumn) =>
  sql<number | null>`sum(${column})`.mapWith((v) => (v === null ? null : Number(v)));

/**
 * Meta's sums per day and campaign over both periods, from the campaign days the sync keeps (a missing metric
 * stays null when no ad row reported it).
 */
export const metaByDayAndCampaign = (db: Db, p: AdsRange) =>
  db
    .select({
      day: sql<string>`to_char(${adCampaignDays.day}, 'YYYY-MM-DD')`,
      campaignId: adCampaignDays.campaignId,
      spendCents: campaignDaySum(adCampaignDays.spendCents),
      impressions: campaignDaySum(adCampaignDays.impressions),
      clicks: campaignDaySum(adCampaignDays.clicks),
      purchases: campaignDaySum(adCampaignDays.purchases),
      purchaseValueCents: campaignDaySum(adCampaignDays.purchaseValueCents),
    })
    .from(adCampaignDays)
    .where(and(gte(adCampaignDays.day, p.previousFrom), lte(adCampaignDays.day, p.to)))
    .groupBy(adCampaignDays.day, adCampaignDays.campaignId);

/** Meta's sums per ad in each period, with the ad's, ad set's and campaign's names. */
export const metaByAd = (db: Db, p: AdsRange) =>
  db
    .select({
      adId: ads.id,
      externalId: ads.externalId,
      name: ads.name,
      adSetName: adSets.name,
      campaignName: adCampaigns.name,
      current: sql<boolean>`${adInsightsDaily.day} >= ${p.from}::date`.mapWith(Boolean),
      ...metaSums,
    })
    .from(adInsightsDaily)
    .innerJoin(ads, eq(ads.id, adInsightsDaily.adId))
    .innerJoin(adSets, eq(adSets.id, ads.adSetId))
    .innerJoin(adCampaigns, eq(adCampaigns.id, ads.campaignId))
    .where(and(gte(adInsightsDaily.day, p.previousFrom), lte(adInsightsDaily.day, p.to)))
    .groupBy(ads.id, adSets.name, adCampaigns.name, sql.raw('6'));

export const listCampaigns = (db: Db) =>
  db
    .select({
      id: adCampaigns.id,
      externalId: adCampaigns.externalId,
      name: adCampaigns.name,
      status: adCampaigns.status,
    })
    .from(adCampaigns);

const startOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz`;
const endOf = (date: string) => sql`${`${date}T00:00:00Z`}::timestamptz + interval '1 day'`;

/**
 * Our orders that came through an ad: Meta's click id, or a utm_source of Meta's apps (the same expression as
 * `orders_ad_attribution_idx`, so the planner uses it), and counted as a sale by ADR 0049's rule.
 */
const attributed = (from: string, to: string) =>
  and(
    sql`(${orders.fbclid} is not null or lower(${orders.utmSource}) in ('facebook', 'fb', 'ig', 'instagram'))`,
    inArray(orders.kind, analyticsKinds),
    inArray(orders.status, analyticsStatuses),
    ne(orders.paymentMethod, 'free'),
    gte(orders.paidAt, startOf(from)),
    lt(orders.paidAt, endOf(to)),
  );

/**
 * The campaign an order's utm_campaign names: Meta's campaign id (`{{campaign.id}}` in the ad's URL) first, else
 * its name (`{{campaign.name}}`), compared without case and outer spaces.
 */
const matchedCampaignOf = (utmCampaign: SQL | typeof orders.utmCampaign) => sql<string | null>`(
  select ${adCampaigns.id} from ${adCampaigns}
  where lower(${adCampaigns.externalId}) = lower(trim(${utmCampaign}))
     or lower(${adCampaigns.name}) = lower(trim(${utmCampaign}))
  order by (lower(${adCampaigns.externalId}) = lower(trim(${utmCampaign}))) desc, ${adCampaigns.createdAt}
  limit 1)`;
const matchedCampaign = matchedCampaignOf(orders.utmCampaign);

const paidDay = sql`(${orders.paidAt} at time zone 'UTC')::date`;

/**
 * Our attributed orders and revenue per UTC day of payment and matched campaign, over both periods. Orders are
 * summed per day and utm_campaign first, so the campaign is looked up once per value and day, not per order (a
 * year of a busy account is tens of thousands of orders, ADR 0078's bench).
 */
export const ordersByDayAndCampaign = (db: Db, p: AdsRange) => {
  const perUtm = db
    .select({
      day: sql<string>`to_char(${paidDay}, 'YYYY-MM-DD')`.as('day'),
      utmCampaign: orders.utmCampaign,
      orders: sql<number>`count(*)`.as('orders'),
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.as('revenue_cents'),
    })
    .from(orders)
    .where(attributed(p.previousFrom, p.to))
    .groupBy(sql.raw('1'), orders.utmCampaign)
    .as('per_utm');
  return db
    .select({
      day: perUtm.day,
      campaignId: sql<string | null>`${matchedCampaignOf(sql`${perUtm.utmCampaign}`)}`,
      orders: sql<number>`sum(${perUtm.orders})`.mapWith(Number),
      revenueCents: sql<number>`sum(${perUtm.revenueCents})`.mapWith(Number),
    })
    .from(perUtm)
    .groupBy(perUtm.day, sql.raw('2'));
};

const campaignFilter = (campaignId: string | undefined): SQL | undefined =>
  campaignId === undefined
    ? undefined
    : campaignId === 'none'
      ? sql`${matchedCampaign} is null`
      : sql`${matchedCampaign} = ${campaignId}::uuid`;

/** The attributed orders' filters: the list's query without paging (its sort too). */
export type AdOrderFilters = FacebookAdOrdersCsvQuery;

/**
 * The attributed orders as a list (ADR 0078): a page in any of the contract's orders with its total, and keyset
 * batches for the CSV, both over exactly the filters' rows. The range goes first in the WHERE so the partial
 * `orders_ad_attribution_idx` answers it; `orders.id` breaks ties.
 */
const attributedOrderList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        id: orders.id,
        number: orders.number,
        kind: orders.kind,
        status: orders.status,
        paidAt: orders.paidAt,
        totalCents: orders.totalCents,
        utmSource: orders.utmSource,
        utmCampaign: orders.utmCampaign,
        hasFbclid: sql<boolean>`${orders.fbclid} is not null`.mapWith(Boolean),
        campaignId: matchedCampaign,
        campaignName: sql<
          string | null
        >`(select ${adCampaigns.name} from ${adCampaigns} where ${adCampaigns.id} = ${matchedCampaign})`,
        ...listFields,
      })
      .from(orders)
      .$dynamic(),
  where: (filters: AdOrderFilters) =>
    and(attributed(filters.from, filters.to), campaignFilter(filters.campaignId)),
  sortColumns: { paidAt: orders.paidAt, totalCents: orders.totalCents, number: orders.number },
  tiebreak: orders.id,
  defaultSort: '-paidAt',
});

/** One page of the attributed orders, in the filters' order (its total comes with the footer's sums). */
export const listAttributedOrders = (
  db: Db,
  filters: AdOrderFilters,
  window: { limit: number; offset: number },
) => attributedOrderList.rows(db, filters, window);

/** Every attributed order the filters select, in their order, in keyset batches (the CSV). */
export const streamAttributedOrders = (db: Db, filters: AdOrderFilters) =>
  attributedOrderList.batches(db, filters, 2_000);

/** How many attributed orders a range (and campaign filter) has, and their revenue. */
export const countAttributedOrders = async (db: Db, filters: Omit<AdOrderFilters, 'sort'>) => {
  const rows = await db
    .select({
      orders: sql<number>`count(*)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(attributed(filters.from, filters.to), campaignFilter(filters.campaignId)));
  return rows[0] ?? { orders: 0, revenueCents: 0 };
};

/** A campaign's name by our id (the list's heading when it is narrowed to one). */
export const campaignName = async (db: Db, id: string) =>
  (await db.select({ name: adCampaigns.name }).from(adCampaigns).where(eq(adCampaigns.id, id)).limit(1))[0]
    ?.name ?? null;
