import { adInsightsDaily, adSyncs, ads } from '@esim/db';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetaAdsProvider } from '../../adapters/ads/meta';
import { type FakeMetaInsight, startFakeMeta } from '../../test/fakes/meta.fake';
import { createTestContext, type TestContext } from '../../test/harness';
import { syncAds } from './facebook-ads-sync.service';

// Issue 33: the daily sync through the Meta adapter (against its local fake) is idempotent per day and ad: a
// second run writes the same rows, a revised day replaces its figures, a day Meta no longer reports is removed,
// and days outside the range are left alone. June 2015: no other test has insights then.
let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeMeta>>;

beforeAll(async () => {
  ctx = await createTestContext();
  fake = await startFakeMeta({ adAccountId: '777', accessToken: 'sync-token' });
  fake.state.campaigns.push({ id: 'sync-c1', name: 'Sync test', status: 'ACTIVE' });
  fake.state.adsets.push({ id: 'sync-s1', name: 'Set', status: 'ACTIVE', campaign_id: 'sync-c1' });
  fake.state.ads.push(
    { id: 'sync-a1', name: 'One', status: 'ACTIVE', adset_id: 'sync-s1', campaign_id: 'sync-c1' },
    { id: 'sync-a2', name: 'Two', status: 'ACTIVE', adset_id: 'sync-s1', campaign_id: 'sync-c1' },
  );
  const day = (ad_id: string, date_start: string, spend: string): FakeMetaInsight => ({
    ad_id,
    date_start,
    spend,
    impressions: '100',
    clicks: '5',
  });
  fake.state.insights.push(
    day('sync-a1', '2015-06-01', '1.00'),
    day('sync-a2', '2015-06-01', '2.00'),
    day('sync-a1', '2015-06-02', '3.00'),
    day('sync-a2', '2015-06-02', '4.00'),
    day('sync-a1', '2015-06-03', '5.00'),
    // An ad deleted since: Meta no longer lists it, its insights still name it and its campaign.
    {
      ...day('sync-deleted', '2015-06-03', '7.00'),
      ad_name: 'Deleted',
      adset_id: 'sync-s9',
      adset_name: 'Old set',
      campaign_id: 'sync-c9',
      campaign_name: 'Old campaign',
    },
    // A row that names no ad Meta described: nothing to file it under, left out and counted.
    day('sync-gone', '2015-06-02', '9.00'),
  );
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await ctx?.close();
});

const deps = () => ({
  db: ctx.deps.db,
  ads: createMetaAdsProvider({
    adAccountId: '777',
    accessToken: 'sync-token',
    baseUrl: fake.baseUrl,
    pageSize: 2,
  }),
});

const stored = async () =>
  (
    await ctx.deps.db
      .select({ ad: ads.externalId, day: adInsightsDaily.day, spendCents: adInsightsDaily.spendCents })
      .from(adInsightsDaily)
      .innerJoin(ads, eq(ads.id, adInsightsDaily.adId))
      .where(and(gte(adInsightsDaily.day, '2015-06-01'), lte(adInsightsDaily.day, '2015-06-30')))
  )
    .map((r) => `${r.ad} ${r.day} ${r.spendCents}`)
    .sort();

describe('syncAds', () => {
  it('writes one row per ad and day, the same on a second run', async () => {
    const first = await syncAds(deps(), { from: '2015-06-01', to: '2015-06-03' }, 'schedule');
    expect(first).toEqual({
      from: '2015-06-01',
      to: '2015-06-03',
      campaigns: 2,
      adSets: 2,
      ads: 3,
      insights: 6,
      removed: 0,
      skipped: 1,
    });
    const rows = await stored();
    expect(rows).toEqual([
      'sync-a1 2015-06-01 100',
      'sync-a1 2015-06-02 300',
      'sync-a1 2015-06-03 500',
      'sync-a2 2015-06-01 200',
      'sync-a2 2015-06-02 400',
      'sync-deleted 2015-06-03 700',
    ]);
    const [deleted] = await ctx.deps.db
      .select({ name: ads.name, status: ads.status })
      .from(ads)
      .where(eq(ads.externalId, 'sync-deleted'));
    expect(deleted).toEqual({ name: 'Deleted', status: 'UNLISTED' });
    expect(await syncAds(deps(), { from: '2015-06-01', to: '2015-06-03' }, 'schedule')).toEqual(first);
    expect(await stored()).toEqual(rows);
  });

  it('replaces a revised day, removes a day Meta no longer reports, and leaves days outside the range', async () => {
    const revised = fake.state.insights.find((r) => r.ad_id === 'sync-a1' && r.date_start === '2015-06-02');
    if (revised) revised.spend = '3.50';
    fake.state.insights.splice(
      fake.state.insights.findIndex((r) => r.ad_id === 'sync-a2' && r.date_start === '2015-06-02'),
      1,
    );
    // The backfill of one day: 06-01 and 06-03 keep what the first sync wrote.
    const result = await syncAds(deps(), { from: '2015-06-02', to: '2015-06-02' }, 'command');
    expect(result).toMatchObject({ insights: 1, removed: 1 });
    expect(await stored()).toEqual([
      'sync-a1 2015-06-01 100',
      'sync-a1 2015-06-02 350',
      'sync-a1 2015-06-03 500',
      'sync-a2 2015-06-01 200',
      'sync-deleted 2015-06-03 700',
    ]);
  });

  it('records a failed run with its error and writes nothing', async () => {
    fake.state.failNext = 1;
    await expect(syncAds(deps(), { from: '2015-06-01', to: '2015-06-03' }, 'schedule')).rejects.toThrow(
      '(17)',
    );
    const [run] = await ctx.deps.db
      .select({ error: adSyncs.error, finishedAt: adSyncs.finishedAt })
      .from(adSyncs)
      .where(eq(adSyncs.fromDay, '2015-06-01'))
      .orderBy(adSyncs.startedAt)
      .limit(1)
      .offset(2);
    expect(run?.error).toContain('(17)');
    expect(run?.finishedAt).not.toBeNull();
    expect(await stored()).toHaveLength(5);
  });
});
