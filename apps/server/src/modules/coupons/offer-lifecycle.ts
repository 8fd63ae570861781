import type { CampaignState, CouponState } from '@esim/contracts/staff';
import { isRunning } from './coupon-rules';

// What the site offers, and when (ADR 0092): a campaign's state, and whether a coupon may be used now. The one
// answer every route, job and screen reads: checkout, "try again", a late payment, the order page's preview, the
// campaigns' banner and lists. The campaigns module sits above this one (a campaign names a coupon), so its state
// is answered here too. The repositories' list filters write the same rule in SQL (`stateCondition`,
// `findRunningCampaign`, `couponUsableCondition`); a test holds them to it.

export type CampaignWindow = { startsAt: Date; endsAt: Date };

/** A campaign runs between its first and last UTC day, both included; staff end it early by moving its last day. */
export const campaignStateOf = (campaign: CampaignWindow, now = new Date()): CampaignState =>
  now < campaign.startsAt ? 'scheduled' : now > campaign.endsAt ? 'ended' : 'running';

/**
 * A coupon's state (`CouponState`):
 * - `usable`: a buyer may take it now;
 * - `scheduled` / `ended`: before its first or after its last day;
 * - `campaign_not_running`: it is a campaign's discount and none of the campaigns that name it runs now (not yet
 *   started, or ended by staff): ending a campaign ends what it offers;
 * - `exhausted`: its uses in total are all taken.
 */
type CouponLifecycleFields = {
  startsAt: Date;
  endsAt: Date | null;
  maxRedemptions: number | null;
  redeemedCount: number;
};

export const couponStateOf = (
  coupon: CouponLifecycleFields,
  /** The campaigns that name the coupon (none: a coupon of its own, its dates alone decide). */
  campaigns: readonly CampaignWindow[],
  now = new Date(),
): CouponState => {
  if (now < coupon.startsAt) return 'scheduled';
  if (!isRunning(coupon, now)) return 'ended';
  if (campaigns.length > 0 && !campaigns.some((c) => campaignStateOf(c, now) === 'running'))
    return 'campaign_not_running';
  if (coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions) return 'exhausted';
  return 'usable';
};
