import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMeta } from '../../test/fakes/meta.fake';
import { createMetaAdsProvider, decimalToCents } from './meta';
import { createSandboxAdsProvider } from './sandbox';

let fake: Awaited<ReturnType<typeof startFakeMeta>>;
beforeAll(async () => {
  fake = await startFakeMeta({ adAccountId: '1234', accessToken: 'meta-token' });
  fake.state.campaigns.push(
    { id: 'c1', name: 'Summer', status: 'ACTIVE', objective: 'OUTCOME_SALES' },
    { id: 'c2', name: 'Winter', status: 'PAUSED' },
  );
  fake.state.adsets.push({ id: 's1', name: 'Broad', status: 'ACTIVE', campaign_id: 'c1' });
  fake.state.ads.push(
    { id: 'a1', name: 'Video', status: 'ACTIVE', adset_id: 's1', campaign_id: 'c1' },
    { id: 'a2', name: 'Carousel', status: 'ACTIVE', adset_id: 's1', campaign_id: 'c1' },
  );
  fake.state.insights.push(
    {
      ad_id: 'a1',
      date_start: '2026-01-01',
      spend: '12.34',
      impressions: '1000',
      reach: '800',
      clicks: '40',
      cpc: '0.3085',
      ctr: '4',
      actions: [
        { action_type: 'link_click', value: '40' },
        { action_type: 'purchase', value: '2' },
        { action_type: 'omni_purchase', value: '3' },
      ],
      action_values: [
        { action_type: 'purchase', value: '40.00' },
        { action_type: 'omni_purchase', value: '59.9' },
      ],
    },
    // Nothing but impressions reported: every other metric is missing, not zero.
    { ad_id: 'a2', date_start: '2026-01-01', impressions: '10' },
    { ad_id: 'a1', date_start: '2026-01-02', spend: '0', impressions: '0', clicks: '0', actions: [] },
    { ad_id: 'a1', date_start: '2026-02-15', spend: '1.005', impressions: '5', clicks: '1' },
  );
}, 30_000);
afterAll(async () => {
  await fake.close();
});

const provider = (accessToken = 'meta-token', appSecret?: string) =>
  createMetaAdsProvider({
    adAccountId: '1234',
    accessToken,
    appSecret,
    baseUrl: fake.baseUrl,
    pageSize: 1,
  });

describe('Meta Marketing API adapter', () => {
  it('lists campaigns, ad sets and ads through every page', async () => {
    expect(await provider().listCampaigns()).toEqual([
      { externalId: 'c1', name: 'Summer', status: 'ACTIVE', objective: 'OUTCOME_SALES' },
      { externalId: 'c2', name: 'Winter', status: 'PAUSED', objective: null },
    ]);
    expect(await provider().listAdSets()).toEqual([
      { externalId: 's1', campaignExternalId: 'c1', name: 'Broad', status: 'ACTIVE' },
    ]);
    expect(
      (await provider().listAds()).map((a) => [a.externalId, a.adSetExternalId, a.campaignExternalId]),
    ).toEqual([
      ['a1', 's1', 'c1'],
      ['a2', 's1', 'c1'],
    ]);
  });

  it('reads daily ad insights in cents, a missing metric as null, one purchase type never summed', async () => {
    const rows = await provider('meta-token', 'app-secret').dailyInsights({
      from: '2026-01-01',
      to: '2026-03-01',
    });
    expect(rows).toEqual([
      {
        adExternalId: 'a1',
        day: '2026-01-01',
        spendCents: 1234,
        impressions: 1000,
        reach: 800,
        clicks: 40,
        cpcCents: 30.85,
        ctrPercent: 4,
        purchases: 3,
        purchaseValueCents: 5990,
      },
      {
        adExternalId: 'a2',
        day: '2026-01-01',
        spendCents: null,
        impressions: 10,
        reach: null,
        clicks: null,
        cpcCents: null,
        ctrPercent: null,
        purchases: null,
        purchaseValueCents: null,
      },
      {
        adExternalId: 'a1',
        day: '2026-01-02',
        spendCents: 0,
        impressions: 0,
        reach: null,
        clicks: 0,
        cpcCents: null,
        ctrPercent: null,
        purchases: null,
        purchaseValueCents: null,
      },
      expect.objectContaining({ adExternalId: 'a1', day: '2026-02-15', spendCents: 101 }),
    ]);
    const asked = fake.state.requests.filter((u) => u.pathname.endsWith('/insights'));
    // Two months are asked a month at a time, at ad level, one row per day, with the app secret's proof.
    expect(asked.map((u) => JSON.parse(u.searchParams.get('time_range') ?? '{}').since)).toContain(
      '2026-02-01',
    );
    expect(
      asked.every(
        (u) => u.searchParams.get('level') === 'ad' && u.searchParams.get('time_increment') === '1',
      ),
    ).toBe(true);
    expect(asked[0]?.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it("throws with Meta's error code on a bad token or a rate limit", async () => {
    await expect(provider('wrong').listCampaigns()).rejects.toThrow('400 (190)');
    fake.state.failNext = 1;
    await expect(provider().dailyInsights({ from: '2026-01-01', to: '2026-01-01' })).rejects.toThrow('(17)');
  });

  it('turns decimal strings into cents exactly', () => {
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('1234.5')).toBe(123450);
    expect(decimalToCents('7')).toBe(700);
    expect(decimalToCents('2.675')).toBe(268);
    expect(decimalToCents('-1')).toBeNull();
    expect(decimalToCents(undefined)).toBeNull();
  });
});

describe('sandbox ad platform', () => {
  it('gives the same figures every time, and no purchases (null) for the traffic campaign', async () => {
    const sandbox = createSandboxAdsProvider();
    const first = await sandbox.dailyInsights({ from: '2026-01-01', to: '2026-01-07' });
    expect(await sandbox.dailyInsights({ from: '2026-01-01', to: '2026-01-07' })).toEqual(first);
    const ads = await sandbox.listAds();
    expect(ads).toHaveLength(12);
    const traffic = new Set(ads.filter((a) => a.campaignExternalId.endsWith('3')).map((a) => a.externalId));
    for (const row of first) {
      expect(row.spendCents).toBeGreaterThan(0);
      if (traffic.has(row.adExternalId)) expect(row.purchases).toBeNull();
      else expect(row.purchases).not.toBeNull();
    }
  });
});
