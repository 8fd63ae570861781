import type { FacebookAdsSyncResult } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { Ad, AdCampaign, AdDayInsight, AdSet, AdsProvider } from '../../adapters/ads/port';
import { recordChange } from '../audit/audit.repository';
import {
  finishSyncRun,
  lockAdsSync,
  replaceInsights,
  startSyncRun,
  upsertAdStructure,
} from './facebook-ads.repository';

export type AdsSyncDeps = { db: Db; ads: AdsProvider };

export type AdsSyncTrigger = 'schedule' | 'staff' | 'command' | 'demo';

/** Meta's status word for an object it no longer lists (deleted or archived since): we only know it spent. */
const unlisted = 'UNLISTED';

/**
 * The listed campaigns, ad sets and ads, and those the insights name that the lists lack (an ad deleted since
 * the days synced): their spend stays on the screens under the names it had.
 */
export const structureOf = (
  listed: { campaigns: AdCampaign[]; adSets: AdSet[]; ads: Ad[] },
  insights: AdDayInsight[],
) => {
  const campaigns = new Map(listed.campaigns.map((c) => [c.externalId, c]));
  const adSets = new Map(listed.adSets.map((s) => [s.externalId, s]));
  const ads = new Map(listed.ads.map((a) => [a.externalId, a]));
  for (const { adExternalId, ad } of insights) {
    if (!ad || ads.has(adExternalId)) continue;
    if (!campaigns.has(ad.campaignExternalId))
      campaigns.set(ad.campaignExternalId, {
        externalId: ad.campaignExternalId,
        name: ad.campaignName,
        status: unlisted,
        objective: null,
      });
    if (!adSets.has(ad.adSetExternalId))
      adSets.set(ad.adSetExternalId, {
        externalId: ad.adSetExternalId,
        campaignExternalId: ad.campaignExternalId,
        name: ad.adSetName,
        status: unlisted,
      });
    ads.set(adExternalId, {
      externalId: adExternalId,
      adSetExternalId: ad.adSetExternalId,
      campaignExternalId: ad.campaignExternalId,
      name: ad.name,
      status: unlisted,
    });
  }
  return { campaigns: [...campaigns.values()], adSets: [...adSets.values()], ads: [...ads.values()] };
};

/**
 * Syncs the ad platform's campaigns, ad sets and ads, and the insights of every day from `from` to `to`
 * (ADR 0069). One transaction: a day's rows are replaced (upsert per ad and day, then the range's rows no longer
 * reported removed), so a sync run twice, or a backfill over days already synced, leaves the same rows. Each run
 * is recorded; a staff run is audited.
 */
export const syncAds = async (
  deps: AdsSyncDeps,
  range: { from: string; to: string },
  trigger: AdsSyncTrigger,
  staffUserId?: string,
): Promise<FacebookAdsSyncResult> => {
  const runId = await startSyncRun(deps.db, { ...range, trigger, staffUserId });
  try {
    // The platform is asked first, outside the transaction: its answers can take seconds per month of insights.
    const [campaigns, adSets, ads, insights] = await Promise.all([
      deps.ads.listCampaigns(),
      deps.ads.listAdSets(),
      deps.ads.listAds(),
      deps.ads.dailyInsights(range),
    ]);
    const result = await deps.db.transaction(async (tx) => {
      await lockAdsSync(tx);
      const structure = await upsertAdStructure(tx, structureOf({ campaigns, adSets, ads }, insights));
      const known = insights.flatMap((row) => {
        const ad = structure.ads.get(row.adExternalId);
        return ad && row.day >= range.from && row.day <= range.to ? [{ ...row, ...ad }] : [];
      });
      const removed = await replaceInsights(tx, range, known);
      const result: FacebookAdsSyncResult = {
        ...range,
        campaigns: structure.campaigns,
        adSets: structure.adSets,
        ads: structure.ads.size,
        insights: known.length,
        removed,
        skipped: insights.length - known.length,
      };
      if (staffUserId)
        await recordChange(tx, {
          staffUserId,
          action: 'ads.sync',
          entityType: 'ad_sync',
          entityId: runId,
          before: null,
          after: result,
        });
      return result;
    });
    const { from: _from, to: _to, ...counts } = result;
    await finishSyncRun(deps.db, runId, { result: counts });
    return result;
  } catch (err) {
    await finishSyncRun(deps.db, runId, { error: err instanceof Error ? err.message : String(err) });
    throw err;
  }
};
