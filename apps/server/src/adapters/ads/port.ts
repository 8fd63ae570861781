/**
 * The ad platform (DESIGN section 4, ADR 0069): the account's campaigns, ad sets and ads, and one row of insights
 * per ad and UTC day. Money in cents of the ad account's currency (euro). A metric the platform did not report
 * is null, never 0.
 */
export type AdCampaign = { externalId: string; name: string; status: string; objective: string | null };
export type AdSet = { externalId: string; campaignExternalId: string; name: string; status: string };
export type Ad = {
  externalId: string;
  adSetExternalId: string;
  campaignExternalId: string;
  name: string;
  status: string;
};

export type AdDayInsight = {
  adExternalId: string;
  /** ISO date, the ad account's day (set to UTC). */
  day: string;
  spendCents: number | null;
  impressions: number | null;
  reach: number | null;
  clicks: number | null;
  cpcCents: number | null;
  ctrPercent: number | null;
  purchases: number | null;
  purchaseValueCents: number | null;
  /**
   * The ad's names as the insights row carries them: an ad deleted or archived since is not listed by the
   * platform any more, but its spend is still ours.
   */
  ad?: {
    name: string;
    adSetExternalId: string;
    adSetName: string;
    campaignExternalId: string;
    campaignName: string;
  };
};

export type AdsProvider = {
  name: string;
  listCampaigns: () => Promise<AdCampaign[]>;
  listAdSets: () => Promise<AdSet[]>;
  listAds: () => Promise<Ad[]>;
  /** Every ad's insights for each day from `from` to `to` (both counted) on which it had any. */
  dailyInsights: (range: { from: string; to: string }) => Promise<AdDayInsight[]>;
};
