import type {
  FacebookAdOrder,
  FacebookAdOrders,
  FacebookAdOrdersCsvQuery,
  FacebookAdOrdersQuery,
  FacebookAdsCampaigns,
  FacebookAdsInsights,
  FacebookAdsQuery,
  FacebookAdsTotal,
  FacebookCampaignRow,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { pageWindow, toPaged } from '../../lib/list-query';
import { addDays, analyticsPeriods, bucketOf, bucketStarts } from '../order-analytics/order-analytics';
import { ensureOrderRollups } from '../order-analytics/order-rollups.service';
import {
  addMeta,
  addOrders,
  figuresOf,
  type MetaSums,
  metaFiguresOf,
  noMeta,
  noOrders,
  type OurSums,
  wholeMonthsAndEdges,
} from './facebook-ads';
import {
  type AdsGrouping,
  campaignName,
  countAttributedOrders,
  lastSyncedAt,
  listAttributedOrders,
  listCampaigns,
  metaByAd,
  metaByDayOrCampaign,
  ordersByDayOrCampaign,
  streamAttributedOrders,
} from './facebook-ads.repository';

type Deps = { db: Db };
type Sums = { meta: MetaSums; ours: OurSums };
type Both = { current: Sums; previous: Sums };
const empty = (): Both => ({
  current: { meta: noMeta, ours: noOrders },
  previous: { meta: noMeta, ours: noOrders },
});
const figures = (b: Both) => ({
  current: figuresOf(b.current.meta, b.current.ours),
  previous: figuresOf(b.previous.meta, b.previous.ours),
});

/** Meta's rows and ours of both periods, per day or per campaign and period (the screens fold them differently). */
const readBoth = async (deps: Deps, query: FacebookAdsQuery, by: AdsGrouping) => {
  const periods = analyticsPeriods(query.from, query.to);
  // Our side reads the rollups (ADR 0088): the days changed since the job's last run are rebuilt first.
  await ensureOrderRollups(deps.db, periods.previousFrom, periods.to);
  const [meta, ours, syncedAt] = await Promise.all([
    metaByDayOrCampaign(deps.db, periods, by),
    ordersByDayOrCampaign(deps.db, periods, by),
    lastSyncedAt(deps.db),
  ]);
  const add = (into: Both, day: string, row: { meta?: MetaSums; ours?: OurSums }) => {
    const sums = day >= periods.from ? into.current : into.previous;
    if (row.meta) sums.meta = addMeta(sums.meta, row.meta);
    if (row.ours) sums.ours = addOrders(sums.ours, row.ours);
  };
  return {
    periods,
    syncedAt: syncedAt?.toISOString() ?? null,
    /** Folds every row into the key `keyOf` gives it. */
    fold: (keys: string[], keyOf: (day: string, campaignId: string | null) => string) => {
      const sums = new Map(keys.map((k) => [k, empty()]));
      const at = (key: string) => {
        const both = sums.get(key) ?? empty();
        sums.set(key, both);
        return both;
      };
      for (const r of meta) add(at(keyOf(r.day, r.campaignId)), r.day, { meta: r });
      for (const r of ours) add(at(keyOf(r.day, r.campaignId)), r.day, { ours: r });
      return sums;
    },
  };
};

const totalOf = (all: Both[]) =>
  all.reduce((sum, b) => {
    sum.current = {
      meta: addMeta(sum.current.meta, b.current.meta),
      ours: addOrders(sum.current.ours, b.current.ours),
    };
    sum.previous = {
      meta: addMeta(sum.previous.meta, b.previous.meta),
      ours: addOrders(sum.previous.ours, b.previous.ours),
    };
    return sum;
  }, empty());

/** `/facebook/ads/total`: Meta's figures and ours over time (ADR 0049's buckets), beside the previous period. */
export const getFacebookAdsTotal = async (deps: Deps, query: FacebookAdsQuery): Promise<FacebookAdsTotal> => {
  const both = await readBoth(deps, query, 'day');
  const p = both.periods;
  const buckets = both.fold(bucketStarts(p), (day) => bucketOf(day, p));
  return {
    currency: 'EUR',
    range: p,
    syncedAt: both.syncedAt,
    totals: figures(totalOf([...buckets.values()])),
    overTime: [...buckets].map(([start, b]) => ({
      start,
      previousStart: addDays(start, -p.days),
      ...figures(b),
    })),
  };
};

/**
 * `/facebook/ads/campaigns`: each campaign with figures in either period, largest spend first, then the attributed
 * orders that name no known campaign; the rows add up to the totals.
 */
export const getFacebookAdsCampaigns = async (
  deps: Deps,
  query: FacebookAdsQuery,
): Promise<FacebookAdsCampaigns> => {
  const [both, campaigns] = await Promise.all([readBoth(deps, query, 'campaign'), listCampaigns(deps.db)]);
  const none = '~none';
  const sums = both.fold([], (_day, campaignId) => campaignId ?? none);
  const rows: FacebookCampaignRow[] = campaigns
    .filter((c) => sums.has(c.id))
    .map((c) => ({
      campaignId: c.id,
      externalId: c.externalId,
      name: c.name,
      status: c.status,
      ...figures(sums.get(c.id) ?? empty()),
    }))
    .sort(
      (a, b) =>
        (b.current.spendCents ?? 0) - (a.current.spendCents ?? 0) ||
        b.current.revenueCents - a.current.revenueCents ||
        (a.name ?? '').localeCompare(b.name ?? ''),
    );
  const unmatched = sums.get(none);
  if (unmatched)
    rows.push({ campaignId: null, externalId: null, name: null, status: null, ...figures(unmatched) });
  return {
    currency: 'EUR',
    range: both.periods,
    syncedAt: both.syncedAt,
    rows,
    totals: figures(totalOf([...sums.values()])),
  };
};

/** `/facebook/ads/insights`: Meta's figures per ad, largest spend first, beside the previous period. */
export const getFacebookAdsInsights = async (
  deps: Deps,
  query: FacebookAdsQuery,
): Promise<FacebookAdsInsights> => {
  const periods = analyticsPeriods(query.from, query.to);
  const previous = wholeMonthsAndEdges(periods.previousFrom, periods.previousTo);
  const current = wholeMonthsAndEdges(periods.from, periods.to);
  const [rows, syncedAt] = await Promise.all([
    metaByAd(deps.db, periods, {
      months: [...previous.months, ...current.months],
      days: [...previous.days, ...current.days],
    }),
    lastSyncedAt(deps.db),
  ]);
  const byAd = new Map<string, { row: (typeof rows)[number]; current: MetaSums; previous: MetaSums }>();
  for (const row of rows) {
    const ad = byAd.get(row.adId) ?? { row, current: noMeta, previous: noMeta };
    if (row.current) ad.current = addMeta(ad.current, row);
    else ad.previous = addMeta(ad.previous, row);
    byAd.set(row.adId, ad);
  }
  const ads = [...byAd.values()];
  return {
    currency: 'EUR',
    range: periods,
    syncedAt: syncedAt?.toISOString() ?? null,
    rows: ads
      .map(({ row, current, previous }) => ({
        adId: row.adId,
        externalId: row.externalId,
        name: row.name,
        adSetName: row.adSetName,
        campaignName: row.campaignName,
        current: metaFiguresOf(current),
        previous: metaFiguresOf(previous),
      }))
      .sort(
        (a, b) =>
          (b.current.spendCents ?? 0) - (a.current.spendCents ?? 0) ||
          (b.previous.spendCents ?? 0) - (a.previous.spendCents ?? 0) ||
          a.externalId.localeCompare(b.externalId),
      ),
    totals: {
      current: metaFiguresOf(ads.reduce((s, a) => addMeta(s, a.current), noMeta)),
      previous: metaFiguresOf(ads.reduce((s, a) => addMeta(s, a.previous), noMeta)),
    },
  };
};

type AdOrderRow = Awaited<ReturnType<typeof listAttributedOrders>>[number];
const orderOf = (row: AdOrderRow): FacebookAdOrder => ({
  ...row,
  paidAt: (row.paidAt ?? new Date(0)).toISOString(),
});

/**
 * `/facebook/ads/orders` (ADR 0078): one page of our orders that came through an ad, in the asked order, with the
 * count and revenue of every order the filters select (the list's footer).
 */
export const getFacebookAdOrders = async (
  deps: Deps,
  query: FacebookAdOrdersQuery,
): Promise<FacebookAdOrders> => {
  const { page, pageSize, ...filters } = query;
  // The footer's sums read the rollups (ADR 0088): the range's days changed since the job's last run first.
  await ensureOrderRollups(deps.db, filters.from, filters.to);
  const [rows, totals, name] = await Promise.all([
    listAttributedOrders(deps.db, filters, pageWindow(query)),
    countAttributedOrders(deps.db, filters),
    filters.campaignId && filters.campaignId !== 'none'
      ? campaignName(deps.db, filters.campaignId)
      : Promise.resolve(null),
  ]);
  return {
    ...toPaged(query, totals.orders, rows.map(orderOf)),
    currency: 'EUR',
    range: { from: query.from, to: query.to },
    campaign: name !== null && filters.campaignId ? { id: filters.campaignId, name } : null,
    totals,
  };
};

/** Every attributed order the filters select, in the list's order, batch by batch (the CSV). */
export async function* streamFacebookAdOrders(deps: Deps, query: FacebookAdOrdersCsvQuery) {
  for await (const batch of streamAttributedOrders(deps.db, query)) yield batch.map(orderOf);
}
