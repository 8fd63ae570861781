import type { FacebookAdsSyncResult } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import type { AdsProvider } from '../../adapters/ads/port';
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
      const structure = await upsertAdStructure(tx, { campaigns, adSets, ads });
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
