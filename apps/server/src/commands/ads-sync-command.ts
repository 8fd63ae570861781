/**
 * `npm run ads:sync -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]`: the ad platform's campaigns and daily insights of a
 * range of days, synced now (ADR 0069, ADR 0079) — a backfill after connecting Meta, or a day again after Meta
 * revised it. The same service as the daily job and the staff action: one transaction under the sync's advisory
 * lock, each (ad, day) row replaced, so a second run over the same days changes nothing. Without a range it syncs
 * what the daily job syncs (the last week up to today). The run is recorded in `ad_syncs` as `command`.
 */

import { analyticsRangeProblem, type FacebookAdsSyncResult } from '@esim/contracts/staff';
import { z } from 'zod';
import { adsSyncDays } from '../jobs/ads-sync';
import { type AdsSyncDeps, syncAds } from '../modules/facebook-ads/facebook-ads-sync.service';
import { addDays } from '../modules/order-analytics/order-analytics';
import { UsageError } from './run-command';

export const adsSyncUsage = 'Usage: npm run ads:sync -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]';

// The range rule's words (the staff screens show the same sentences, translated).
const rangeWords = {
  'analytics.rangeEndBeforeStart': 'the end date is before the start date',
  'analytics.rangeTooLong': 'choose a range of at most two years',
} as const;

const day = z.iso.date();

/**
 * The days to sync from the command's arguments; `today` is the UTC day the daily job would end on. `--from`
 * alone runs to today, `--to` alone syncs the week before it.
 */
export const parseAdsSyncArguments = (argv: readonly string[], today: string) => {
  const named: Partial<Record<'--from' | '--to', string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split('=', 2) : [arg, undefined];
    if (name !== '--from' && name !== '--to') throw new UsageError(`unknown argument ${arg}`);
    if (named[name] !== undefined) throw new UsageError(`${name} is given twice`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a date`);
    if (!day.safeParse(value).success) throw new UsageError(`${name} ${value} is not a date (YYYY-MM-DD)`);
    named[name] = value;
  }
  const to = named['--to'] ?? today;
  const from = named['--from'] ?? addDays(to, -adsSyncDays);
  const problem = analyticsRangeProblem(from, to);
  if (problem) throw new UsageError(`${from} to ${to}: ${rangeWords[problem]}`);
  return { from, to };
};

/** What the command prints after a sync: the range and what was written. */
export const describeAdsSync = (r: FacebookAdsSyncResult, platform: string) =>
  `Synced ${r.from} to ${r.to} from ${platform}: ${r.campaigns} campaigns, ${r.adSets} ad sets, ${r.ads} ads, ` +
  `${r.insights} ad-day rows written, ${r.removed} no longer reported removed, ${r.skipped} naming no ad skipped.`;

/** Parses the arguments and syncs; the entry point (ads-sync.ts) supplies the database and the ad platform. */
export const runAdsSyncCommand = async (argv: readonly string[], deps: AdsSyncDeps, today: string) => {
  const range = parseAdsSyncArguments(argv, today);
  const result = await syncAds(deps, range, 'command');
  return { result, message: describeAdsSync(result, deps.ads.name) };
};
