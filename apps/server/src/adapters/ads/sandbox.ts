import { createHash } from 'node:crypto';
import type { Ad, AdCampaign, AdDayInsight, AdSet, AdsProvider } from './port';

/**
 * The offline ad platform (default): three campaigns of two ad sets of two ads, and insights that are a pure
 * function of the ad and the day, so a sync gives the same figures every time and on every machine. The traffic
 * campaign's pixel reports no purchases (null), as Meta does for an ad without the purchase event.
 */
const campaigns: AdCampaign[] = [
  {
    externalId: '120210000000000001',
    name: 'Albania summer eSIM',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
  },
  {
    externalId: '120210000000000002',
    name: 'Europe travellers',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
  },
  {
    externalId: '120210000000000003',
    name: 'Instagram stories',
    status: 'PAUSED',
    objective: 'OUTCOME_TRAFFIC',
  },
];

const adSets: AdSet[] = campaigns.flatMap((c, i) =>
  ['Broad 18-45', 'Lookalike buyers'].map((name, j) => ({
    externalId: `12022000000000${i + 1}${j + 1}`,
    campaignExternalId: c.externalId,
    name,
    status: c.status,
  })),
);

const ads: Ad[] = adSets.flatMap((s) =>
  ['Video', 'Carousel'].map((name, k) => ({
    externalId: `${s.externalId.replace('12022', '12023')}${k + 1}`,
    adSetExternalId: s.externalId,
    campaignExternalId: s.campaignExternalId,
    name: `${name} ${s.name}`,
    status: s.status,
  })),
);

/** A number in [0, 1) from the ad, the day and what is being drawn. */
const draw = (adId: string, day: string, what: string) =>
  createHash('sha256').update(`${adId}|${day}|${what}`).digest().readUInt32BE(0) / 2 ** 32;

const dayMs = 86_400_000;
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += dayMs)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
};

export const sandboxInsight = (ad: Ad, day: string): AdDayInsight => {
  const impressions = 800 + Math.floor(draw(ad.externalId, day, 'impressions') * 4200);
  const reach = Math.floor(impressions * (0.6 + draw(ad.externalId, day, 'reach') * 0.3));
  const clicks = Math.floor(impressions * (0.005 + draw(ad.externalId, day, 'ctr') * 0.025));
  const spendCents = 300 + Math.floor(draw(ad.externalId, day, 'spend') * 3700);
  const sales = ad.campaignExternalId !== '120210000000000003';
  const purchases = sales ? Math.floor(clicks * draw(ad.externalId, day, 'cvr') * 0.06) : null;
  return {
    adExternalId: ad.externalId,
    day,
    spendCents,
    impressions,
    reach,
    clicks,
    cpcCents: clicks === 0 ? null : Math.round((spendCents / clicks) * 100) / 100,
    ctrPercent: Math.round((clicks / impressions) * 1_000_000) / 10_000,
    purchases,
    purchaseValueCents:
      purchases === null ? null : purchases * (900 + Math.floor(draw(ad.externalId, day, 'aov') * 2100)),
  };
};

export const createSandboxAdsProvider = (): AdsProvider => ({
  name: 'sandbox',
  listCampaigns: async () => campaigns,
  listAdSets: async () => adSets,
  listAds: async () => ads,
  dailyInsights: async ({ from, to }) =>
    daysOf(from, to).flatMap((day) =>
      ads
        // A paused campaign spent nothing on most days: no row, as Meta answers.
        .filter((ad) => ad.status === 'ACTIVE' || draw(ad.externalId, day, 'active') < 0.3)
        .map((ad) => sandboxInsight(ad, day)),
    ),
});
