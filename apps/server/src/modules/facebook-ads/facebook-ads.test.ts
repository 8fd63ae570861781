import { describe, expect, it } from 'vitest';
import { addMeta, figuresOf, metaFiguresOf, noMeta, noOrders } from './facebook-ads';

describe('Facebook ads figures (ADR 0069)', () => {
  it('keeps a metric Meta never reported missing, and sums what it did report', () => {
    const reported = {
      spendCents: 500,
      impressions: 1000,
      clicks: 10,
      purchases: null,
      purchaseValueCents: null,
    };
    expect(addMeta(noMeta, noMeta)).toEqual(noMeta);
    expect(addMeta(reported, noMeta)).toEqual(reported);
    expect(addMeta(reported, { ...noMeta, purchases: 0, purchaseValueCents: 0 })).toEqual({
      ...reported,
      purchases: 0,
      purchaseValueCents: 0,
    });
  });

  it('recomputes the ratios from the sums, null without a denominator', () => {
    expect(
      metaFiguresOf({
        spendCents: 1000,
        impressions: 3000,
        clicks: 3,
        purchases: 1,
        purchaseValueCents: 2500,
      }),
    ).toEqual({
      spendCents: 1000,
      impressions: 3000,
      clicks: 3,
      cpcCents: 333.33,
      ctr: 0.001,
      metaPurchases: 1,
      metaPurchaseValueCents: 2500,
      metaRoas: 2.5,
    });
    expect(metaFiguresOf({ ...noMeta, spendCents: 0, clicks: 0 })).toMatchObject({
      cpcCents: null,
      ctr: null,
      metaRoas: null,
    });
  });

  it('sets our revenue beside Meta: our ROAS and the gap, which needs a value from Meta', () => {
    const spent = {
      spendCents: 2000,
      impressions: null,
      clicks: null,
      purchases: 2,
      purchaseValueCents: 3000,
    };
    expect(figuresOf(spent, { orders: 3, revenueCents: 4500 })).toMatchObject({
      roas: 2.25,
      metaRoas: 1.5,
      revenueGapCents: 1500,
    });
    expect(figuresOf({ ...spent, purchaseValueCents: null }, noOrders)).toMatchObject({
      roas: 0,
      metaRoas: null,
      revenueGapCents: null,
    });
    expect(figuresOf(noMeta, { orders: 1, revenueCents: 900 })).toMatchObject({
      roas: null,
      revenueGapCents: null,
    });
  });
});
