import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { hasInsights } from '../modules/facebook-ads/facebook-ads.repository';
import { syncAds } from '../modules/facebook-ads/facebook-ads-sync.service';
import { addDays } from '../modules/order-analytics/order-analytics';

/**
 * Meta keeps revising a day's figures while late conversions come in (its default attribution is 7 days after
 * the click): the daily run syncs the last week up to today, and a day is final a week after it passed.
 */
export const adsSyncDays = 7;

const today = () => new Date().toISOString().slice(0, 10);

/** The daily sync (ADR 0069); pg-boss runs each tick in one process. */
export const runAdsSync = (deps: AppDeps) =>
  syncAds(deps, { from: addDays(today(), -adsSyncDays), to: today() }, 'schedule');

/** Demo data (development): the sandbox's last 90 days once, so the Facebook screens have figures at first start. */
export const ensureDemoAds = async (deps: AppDeps, log: FastifyBaseLogger) => {
  if (deps.ads.name !== 'sandbox' || (await hasInsights(deps.db))) return;
  const result = await syncAds(deps, { from: addDays(today(), -90), to: today() }, 'demo');
  log.info(result, 'demo ad insights synced from the sandbox');
};
