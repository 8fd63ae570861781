import { adInsightsDaily, adSyncs } from '@esim/db';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxAdsProvider } from '../adapters/ads/sandbox';
import { createTestContext, type TestContext } from '../test/harness';
import { parseAdsSyncArguments, runAdsSyncCommand } from './ads-sync-command';
import { UsageError } from './run-command';

// `npm run ads:sync` (ADR 0079): its arguments, and a backfill against the sandbox on the test database, twice.
const today = '2026-11-28';

describe('ads:sync arguments', () => {
  it('takes a range, either half, or none (the daily job’s week)', () => {
    expect(parseAdsSyncArguments(['--from', '2026-10-01', '--to', '2026-10-31'], today)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(parseAdsSyncArguments(['--to=2026-10-31', '--from=2026-10-01'], today)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(parseAdsSyncArguments(['--from', '2026-11-01'], today)).toEqual({ from: '2026-11-01', to: today });
    expect(parseAdsSyncArguments(['--to', '2026-10-31'], today)).toEqual({
      from: '2026-10-24',
      to: '2026-10-31',
    });
    expect(parseAdsSyncArguments([], today)).toEqual({ from: '2026-11-21', to: today });
  });

  it.each([
    [['--from'], '--from needs a date'],
    [['--from', '--to', '2026-10-01'], '--from needs a date'],
    [['--from', '2026-02-30'], '--from 2026-02-30 is not a date (YYYY-MM-DD)'],
    [['--from', '1.10.2026'], '--from 1.10.2026 is not a date (YYYY-MM-DD)'],
    [['--days', '3'], 'unknown argument --days'],
    [['2026-10-01'], 'unknown argument 2026-10-01'],
    [['--to', '2026-10-01', '--to', '2026-10-02'], '--to is given twice'],
    [
      ['--from', '2026-10-31', '--to', '2026-10-01'],
      '2026-10-31 to 2026-10-01: the end date is before the start date',
    ],
    [
      ['--from', '2024-01-01', '--to', '2026-10-01'],
      '2024-01-01 to 2026-10-01: choose a range of at most two years',
    ],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdsSyncArguments(argv, today)).toThrow(new UsageError(message));
  });
});

describe('ads:sync against the sandbox (PGlite)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('backfills every ad of every day of the range once, and a second run changes nothing', async () => {
    const deps = { db: ctx.deps.db, ads: createSandboxAdsProvider() };
    const argv = ['--from', '2015-10-01', '--to', '2015-10-31'];
    const first = await runAdsSyncCommand(argv, deps, today);
    expect(first.result).toMatchObject({
      from: '2015-10-01',
      to: '2015-10-31',
      campaigns: 3,
      ads: 12,
      removed: 0,
    });
    expect(first.message).toBe(
      `Synced 2015-10-01 to 2015-10-31 from sandbox: 3 campaigns, 6 ad sets, 12 ads, ${first.result.insights} ad-day rows written, 0 no longer reported removed, 0 naming no ad skipped.`,
    );
    const rows = () =>
      ctx.deps.db
        .select()
        .from(adInsightsDaily)
        .where(and(gte(adInsightsDaily.day, '2015-10-01'), lte(adInsightsDaily.day, '2015-10-31')));
    const once = await rows();
    expect(once).toHaveLength(first.result.insights);
    // At most one row per ad and day (an ad may not run every day).
    expect(new Set(once.map((r) => `${r.adId} ${r.day}`)).size).toBe(once.length);
    expect(once.length).toBeLessThanOrEqual(12 * 31);

    const second = await runAdsSyncCommand(argv, deps, today);
    expect(second.result).toEqual(first.result);
    const twice = await rows();
    const figures = (list: typeof once) =>
      list
        .map(({ syncedAt: _s, ...r }) => r)
        .sort((a, b) => `${a.adId}${a.day}`.localeCompare(`${b.adId}${b.day}`));
    expect(figures(twice)).toEqual(figures(once));
    const runs = await ctx.deps.db.select().from(adSyncs).where(eq(adSyncs.trigger, 'command'));
    expect(runs.filter((r) => r.fromDay === '2015-10-01' && r.error === null && r.finishedAt)).toHaveLength(
      2,
    );
  });
});
