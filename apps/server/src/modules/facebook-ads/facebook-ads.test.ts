import { describe, expect, it } from 'vitest';
import { addMeta, figuresOf, metaFiguresOf, noMeta, noOrders, wholeMonthsAndEdges } from './facebook-ads';

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

  it('splits a period into its whole months and the edge days outside them, covering each day once', () => {
    expect(wholeMonthsAndEdges('2025-11-29', '2026-11-28')).toEqual({
      months: [['2025-12-01', '2026-11-01']],
      days: [
        ['2025-11-29', '2025-12-01'],
        ['2026-11-01', '2026-11-29'],
      ],
    });
    expect(wholeMonthsAndEdges('2026-02-01', '2026-03-31')).toEqual({
      months: [['2026-02-01', '2026-04-01']],
      days: [],
    });
    expect(wholeMonthsAndEdges('2026-02-01', '2026-02-27')).toEqual({
      months: [],
      days: [['2026-02-01', '2026-02-28']],
    });
    expect(wholeMonthsAndEdges('2026-01-15', '2026-02-14')).toEqual({
      months: [],
      days: [['2026-01-15', '2026-02-15']],
    });
    expect(wholeMonthsAndEdges('2024-02-29', '2024-02-29')).toEqual({
      months: [],
      days: [['2024-02-29', '2024-03-01']],
    });
  });
});
