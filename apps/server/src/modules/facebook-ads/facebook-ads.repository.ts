import { analyticsKinds, analyticsStatuses, type FacebookAdOrdersCsvQuery } from '@esim/contracts/staff';
import {
  adCampaignDays,
  adCampaigns,
  adInsightsDaily,
  adMonths,
  adSets,
  adSyncs,
  ads,
  type Db,
  orders,
  orderDailyRollups as r,
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
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Ad, AdCampaign, AdDayInsight, AdSet } from '../../adapters/ads/port';
import { defineListQuery } from '../../lib/list-query';
import { firstOfNextMonth } from '../order-analytics/order-analytics';
import { countedRollups } from '../order-analytics/order-analytics.repository';
import { cameThroughAd, utmCampaignKey } from '../order-analytics/order-rollups.repository';
import type { DateRanges } from './facebook-ads';

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
  await rollUpAdMonths(tx, range);
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

/**
 * Every month the range touches per ad, summed again whole from the ad rows (ADR 0088): the ads screen reads whole
 * months here. Rebuilt in the sync's transaction, never adjusted.
 */
export const rollUpAdMonths = async (tx: Db, range: { from: string; to: string }) => {
  const first = `${range.from.slice(0, 7)}-01`;
  const end = firstOfNextMonth(range.to);
  await tx.delete(adMonths).where(and(gte(adMonths.month, first), lt(adMonths.month, end)));
  await tx.execute(sql`
    insert into ${adMonths} (month, ad_id, spend_cents, impressions, clicks, purchases, purchase_value_cents)
    select date_trunc('month', day)::date, ad_id, sum(spend_cents), sum(impressions), sum(clicks), sum(purchases),
      sum(purchase_value_cents)
    from ${adInsightsDaily}
    where day >= ${first}::date and day < ${end}::date
    group by 1, 2`);
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

const numberOrNull = (v: unknown) => (v === null ? null : Number(v));
/** A sum of what Meta reported: null when no row reported the metric, as SQL's `sum`. */
const metaSum = (value: AnyColumn | SQL.Aliased) => sql<number | null>`sum(${value})`.mapWith(numberOrNull);
/** A subquery's sum (bigint or numeric, read as text) as a number, keeping null. */
const nullableNumber = (value: SQL.Aliased) => sql<number | null>`${value}`.mapWith(numberOrNull);

/**
 * How a screen folds both sides (ADR 0088): the summary per day over every campaign, the campaigns per campaign
 * and period (the period's first day stands for its days). Summed so in SQL, a year answers a few hundred rows.
 */
export type AdsGrouping = 'day' | 'campaign';

/** The key a row of `day` is summed under: the day itself, or the first day of its period. */
const dayKey = (day: AnyColumn, p: AdsRange, by: AdsGrouping) =>
  by === 'day'
    ? sql<string>`to_char(${day}, 'YYYY-MM-DD')`
    : sql<string>`case when ${day} >= ${p.from}::date then ${p.from} else ${p.previousFrom} end`;

/**
 * Meta's sums per day or per campaign and period over both periods, from the campaign days the sync keeps (a
 * missing metric stays null when no ad row reported it).
 */
export const metaByDayOrCampaign = (db: Db, p: AdsRange, by: AdsGrouping) => {
  const day = dayKey(adCampaignDays.day, p, by);
  return (
    db
      .select({
        day,
        campaignId:
          by === 'day' ? sql<string | null>`null::uuid` : sql<string | null>`${adCampaignDays.campaignId}`,
        spendCents: metaSum(adCampaignDays.spendCents),
        impressions: metaSum(adCampaignDays.impressions),
        clicks: metaSum(adCampaignDays.clicks),
        purchases: metaSum(adCampaignDays.purchases),
        purchaseValueCents: metaSum(adCampaignDays.purchaseValueCents),
      })
      .from(adCampaignDays)
      .where(and(gte(adCampaignDays.day, p.previousFrom), lte(adCampaignDays.day, p.to)))
      // By position: the period's key is bound twice, and PostgreSQL cannot tell two bindings are one expression.
      .groupBy(sql.raw(by === 'day' ? '1' : '1, 2'))
  );
};

const inRanges = (column: AnyColumn, ranges: DateRanges) =>
  ranges.length === 0
    ? sql`false`
    : or(...ranges.map(([from, to]) => and(gte(column, from), lt(column, to))));

/**
 * Meta's sums per ad in each period, with the ad's, ad set's and campaign's names: whole months from `ad_months`,
 * the days around them from the daily rows (ADR 0088; `parts` never overlap). A metric stays null when no row
 * reported it.
 */
export const metaByAd = (db: Db, p: AdsRange, parts: { months: DateRanges; days: DateRanges }) => {
  const current = (day: AnyColumn) => sql<boolean>`${day} >= ${p.from}::date`.as('current');
  const pieces = db
    .select({
      adId: adMonths.adId,
      current: current(adMonths.month),
      spendCents: adMonths.spendCents,
      impressions: adMonths.impressions,
      clicks: adMonths.clicks,
      purchases: adMonths.purchases,
      purchaseValueCents: adMonths.purchaseValueCents,
    })
    .from(adMonths)
    .where(inRanges(adMonths.month, parts.months))
    .unionAll(
      db
        .select({
          adId: adInsightsDaily.adId,
          current: current(adInsightsDaily.day),
          spendCents: sql<number | null>`${adInsightsDaily.spendCents}::bigint`.as('spend_cents'),
          impressions: sql<number | null>`${adInsightsDaily.impressions}::bigint`.as('impressions'),
          clicks: sql<number | null>`${adInsightsDaily.clicks}::bigint`.as('clicks'),
          purchases: sql<number | null>`${adInsightsDaily.purchases}::bigint`.as('purchases'),
          purchaseValueCents: sql<number | null>`${adInsightsDaily.purchaseValueCents}::bigint`.as(
            'purchase_value_cents',
          ),
        })
        .from(adInsightsDaily)
        .where(inRanges(adInsightsDaily.day, parts.days)),
    )
    .as('pieces');
  // Summed per ad and period first, named after: a few hundred rows to join instead of every piece.
  const sums = db
    .select({
      adId: pieces.adId,
      current: pieces.current,
      spendCents: metaSum(pieces.spendCents).as('spend_cents'),
      impressions: metaSum(pieces.impressions).as('impressions'),
      clicks: metaSum(pieces.clicks).as('clicks'),
      purchases: metaSum(pieces.purchases).as('purchases'),
      purchaseValueCents: metaSum(pieces.purchaseValueCents).as('purchase_value_cents'),
    })
    .from(pieces)
    .groupBy(pieces.adId, pieces.current)
    .as('sums');
  return db
    .select({
      adId: ads.id,
      externalId: ads.externalId,
      name: ads.name,
      adSetName: adSets.name,
      campaignName: adCampaigns.name,
      current: sql<boolean>`${sums.current}`.mapWith(Boolean),
      spendCents: nullableNumber(sums.spendCents),
      impressions: nullableNumber(sums.impressions),
      clicks: nullableNumber(sums.clicks),
      purchases: nullableNumber(sums.purchases),
      purchaseValueCents: nullableNumber(sums.purchaseValueCents),
    })
    .from(sums)
    .innerJoin(ads, eq(ads.id, sums.adId))
    .innerJoin(adSets, eq(adSets.id, ads.adSetId))
    .innerJoin(adCampaigns, eq(adCampaigns.id, ads.campaignId));
};

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
 * Our orders that came through an ad (`cameThroughAd`, the expression of `orders_ad_attribution_idx`, so the
 * planner uses it), counted as a sale by ADR 0049's rule.
 */
const attributed = (from: string, to: string) =>
  and(
    cameThroughAd,
    inArray(orders.kind, analyticsKinds),
    inArray(orders.status, analyticsStatuses),
    ne(orders.paymentMethod, 'free'),
    gte(orders.paidAt, startOf(from)),
    lt(orders.paidAt, endOf(to)),
  );

/**
 * Every utm_campaign value that names a campaign (lowercased, ADR 0069), with that campaign: Meta's campaign id
 * (`{{campaign.id}}` in the ad's URL) first, else its name (`{{campaign.name}}`), the oldest campaign of a name.
 * Built once per query from the few campaigns (ADR 0088), so an order or rollup row is matched by an equality
 * join on its value instead of a lookup of its own; a value not in it names no known campaign.
 */
const campaignKeysOf = (db: Db) => {
  const candidate = (key: SQL, rank: number) =>
    db
      .select({
        key: sql<string | null>`${key}`.as('key'),
        campaignId: sql<string>`${adCampaigns.id}`.as('campaign_id'),
        rank: sql<number>`${sql.raw(String(rank))}`.as('rank'),
        createdAt: sql<Date>`${adCampaigns.createdAt}`.as('created_at'),
      })
      .from(adCampaigns);
  const candidates = candidate(sql`lower(${adCampaigns.externalId})`, 0)
    .unionAll(candidate(sql`lower(${adCampaigns.name})`, 1))
    .as('candidates');
  return db
    .selectDistinctOn([candidates.key], { key: candidates.key, campaignId: candidates.campaignId })
    .from(candidates)
    .where(isNotNull(candidates.key))
    .orderBy(candidates.key, candidates.rank, candidates.createdAt)
    .as('campaign_keys');
};

/**
 * A campaign filter over a row's matched utm_campaign value (an order's `utmCampaignKey`, a rollup row's
 * `utm_campaign`): the values naming that campaign, or (`none`) a value naming none or no value at all.
 */
const campaignFilter = (db: Db, key: SQL | AnyColumn, campaignId: string | undefined): SQL | undefined => {
  if (campaignId === undefined) return undefined;
  const keys = campaignKeysOf(db);
  return campaignId === 'none'
    ? sql`(${key} in ${db.select({ key: keys.key }).from(keys)}) is not true`
    : sql`${key} in ${db
        .select({ key: keys.key })
        .from(keys)
        .where(sql`${keys.campaignId} = ${campaignId}::uuid`)}`;
};

/**
 * Our attributed orders and revenue per UTC day of payment, or per matched campaign and period, over both
 * periods, from the rollups' grain `ad` (ADR 0088: a few rows a day, each utm_campaign value matched once; the
 * service refreshes the range's changed days first).
 */
export const ordersByDayOrCampaign = (db: Db, p: AdsRange, by: AdsGrouping) => {
  const day = dayKey(r.day, p, by);
  const sums = {
    orders: sql<number>`sum(${r.orders})`.mapWith(Number),
    revenueCents: sql<number>`sum(${r.revenueCents})`.mapWith(Number),
  };
  if (by === 'day')
    return db
      .select({ day, campaignId: sql<string | null>`null::uuid`, ...sums })
      .from(r)
      .where(countedRollups(p, 'ad'))
      .groupBy(sql.raw('1'));
  const keys = campaignKeysOf(db);
  return db
    .select({ day, campaignId: sql<string | null>`${keys.campaignId}`, ...sums })
    .from(r)
    .leftJoin(keys, eq(keys.key, r.utmCampaign))
    .where(countedRollups(p, 'ad'))
    .groupBy(sql.raw('1, 2'));
};

/** The attributed orders' filters: the list's query without paging (its sort too). */
export type AdOrderFilters = FacebookAdOrdersCsvQuery;

/**
 * The attributed orders as a list (ADR 0078): a page in any of the contract's orders with its total, and keyset
 * batches for the CSV, both over exactly the filters' rows. The range goes first in the WHERE so the partial
 * `orders_ad_attribution_idx` answers it; `orders.id` breaks ties; the campaign comes from one join on the
 * matched utm_campaign value.
 */
const attributedOrderList = defineListQuery({
  select: (db, listFields) => {
    const keys = campaignKeysOf(db);
    return db
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
        campaignId: keys.campaignId,
        campaignName: adCampaigns.name,
        ...listFields,
      })
      .from(orders)
      .leftJoin(keys, eq(keys.key, utmCampaignKey))
      .leftJoin(adCampaigns, eq(adCampaigns.id, keys.campaignId))
      .$dynamic();
  },
  where: (filters: AdOrderFilters, db) =>
    and(attributed(filters.from, filters.to), campaignFilter(db, utmCampaignKey, filters.campaignId)),
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

/**
 * How many attributed orders a range (and campaign filter) has, and their revenue: the same orders as the list,
 * summed from the rollups' grain `ad` (ADR 0088; the service refreshes the range's changed days first).
 */
export const countAttributedOrders = async (db: Db, filters: Omit<AdOrderFilters, 'sort'>) => {
  const rows = await db
    .select({
      orders: sql<number>`coalesce(sum(${r.orders}), 0)`.mapWith(Number),
      revenueCents: sql<number>`coalesce(sum(${r.revenueCents}), 0)`.mapWith(Number),
    })
    .from(r)
    .where(
      and(
        countedRollups({ previousFrom: filters.from, to: filters.to }, 'ad'),
        campaignFilter(db, r.utmCampaign, filters.campaignId),
      ),
    );
  return rows[0] ?? { orders: 0, revenueCents: 0 };
};

/** A campaign's name by our id (the list's heading when it is narrowed to one). */
export const campaignName = async (db: Db, id: string) =>
  (await db.select({ name: adCampaigns.name }).from(adCampaigns).where(eq(adCampaigns.id, id)).limit(1))[0]
    ?.name ?? null;
