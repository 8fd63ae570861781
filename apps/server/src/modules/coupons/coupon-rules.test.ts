import { describe, expect, it } from 'vitest';
import { couponDiscountCents, isRunning, validityOf } from './coupon-rules';

describe('coupon rules', () => {
  it('takes a percent rounded to the cent, or a fixed amount', () => {
    expect(couponDiscountCents({ kind: 'percent', value: 10 }, 999)).toBe(100);
    expect(couponDiscountCents({ kind: 'percent', value: 15 }, 1000)).toBe(150);
    expect(couponDiscountCents({ kind: 'fixed', value: 300 }, 1000)).toBe(300);
  });

  it('always leaves the smallest card charge to pay', () => {
    expect(couponDiscountCents({ kind: 'percent', value: 100 }, 1000)).toBe(950);
    expect(couponDiscountCents({ kind: 'fixed', value: 5000 }, 1000)).toBe(950);
    expect(couponDiscountCents({ kind: 'fixed', value: 100 }, 40)).toBe(0);
  });

  it('runs from the first day to the end of the last day (UTC), or without an end', () => {
    const window = validityOf('2026-03-01', '2026-03-31');
    expect(isRunning(window, new Date('2026-02-28T23:59:59Z'))).toBe(false);
    expect(isRunning(window, new Date('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isRunning(window, new Date('2026-03-31T23:59:59Z'))).toBe(true);
    expect(isRunning(window, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(isRunning(validityOf('2026-03-01', null), new Date('2030-01-01T00:00:00Z'))).toBe(true);
  });
});
