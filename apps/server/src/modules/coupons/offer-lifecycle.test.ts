import { describe, expect, it } from 'vitest';
import { campaignStateOf, couponStateOf } from './offer-lifecycle';

// ADR 0092: a campaign's state and whether a coupon is on offer, at a fixed moment.
const now = new Date('2026-06-15T12:00:00Z');
const window = (from: string, to: string) => ({ startsAt: new Date(from), endsAt: new Date(to) });
const coupon = (values: Partial<Parameters<typeof couponStateOf>[0]> = {}) => ({
  startsAt: new Date('2026-06-01T00:00:00Z'),
  endsAt: null,
  maxRedemptions: null,
  redeemedCount: 0,
  ...values,
});

describe('campaignStateOf', () => {
  it('is scheduled before its first day, running through its last, ended after', () => {
    expect(campaignStateOf(window('2026-06-16T00:00:00Z', '2026-06-30T23:59:59Z'), now)).toBe('scheduled');
    expect(campaignStateOf(window('2026-06-01T00:00:00Z', '2026-06-15T23:59:59Z'), now)).toBe('running');
    expect(campaignStateOf(window('2026-06-01T00:00:00Z', '2026-06-14T23:59:59Z'), now)).toBe('ended');
  });
});

describe('couponStateOf', () => {
  const running = window('2026-06-01T00:00:00Z', '2026-06-30T23:59:59Z');
  const ended = window('2026-05-01T00:00:00Z', '2026-05-31T23:59:59Z');
  it('follows its own dates and count when no campaign names it', () => {
    expect(couponStateOf(coupon(), [], now)).toBe('usable');
    expect(couponStateOf(coupon({ startsAt: new Date('2026-07-01T00:00:00Z') }), [], now)).toBe('scheduled');
    expect(couponStateOf(coupon({ endsAt: new Date('2026-06-10T00:00:00Z') }), [], now)).toBe('ended');
    expect(couponStateOf(coupon({ maxRedemptions: 2, redeemedCount: 2 }), [], now)).toBe('exhausted');
  });

  it("is a campaign's discount only while one of its campaigns runs", () => {
    expect(couponStateOf(coupon(), [running], now)).toBe('usable');
    expect(couponStateOf(coupon(), [ended], now)).toBe('campaign_not_running');
    expect(couponStateOf(coupon(), [ended, running], now)).toBe('usable');
    // Its own end still ends it, whatever its campaign says.
    expect(couponStateOf(coupon({ endsAt: new Date('2026-06-10T00:00:00Z') }), [running], now)).toBe('ended');
  });
});
