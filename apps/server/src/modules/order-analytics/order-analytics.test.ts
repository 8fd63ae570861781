import { describe, expect, it } from 'vitest';
import {
  analyticsPeriods,
  bucketFor,
  bucketOf,
  bucketStarts,
  figuresOf,
  foldDays,
  refundFiguresOf,
  topRows,
} from './order-analytics';

describe('analytics periods and buckets', () => {
  it('compares a range with the days just before it, of the same length', () => {
    expect(analyticsPeriods('2024-03-01', '2024-03-31')).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
      days: 31,
      bucket: 'day',
      previousFrom: '2024-01-30',
      previousTo: '2024-02-29',
    });
  });

  it('draws days up to a month, weeks up to half a year, months beyond', () => {
    expect([1, 31, 32, 186, 187, 731].map(bucketFor)).toEqual([
      'day',
      'day',
      'week',
      'week',
      'month',
      'month',
    ]);
  });

  it('starts weeks on the first day of the range and cuts the first month there', () => {
    expect(bucketStarts({ from: '2024-03-01', to: '2024-03-15', bucket: 'week' })).toEqual([
      '2024-03-01',
      '2024-03-08',
      '2024-03-15',
    ]);
    expect(bucketStarts({ from: '2024-01-31', to: '2024-04-01', bucket: 'month' })).toEqual([
      '2024-01-31',
      '2024-02-01',
      '2024-03-01',
      '2024-04-01',
    ]);
  });
});

describe('figures', () => {
  it('rounds the average order to the cent and is 0 without orders', () => {
    expect(figuresOf(1001, 3)).toEqual({ revenueCents: 1001, orders: 3, averageOrderCents: 334 });
    expect(figuresOf(0, 0).averageOrderCents).toBe(0);
  });

  it('has no refund rate without sales', () => {
    expect(refundFiguresOf(undefined, figuresOf(0, 0))).toEqual({
      refundedCents: 0,
      refundedOrders: 0,
      amountRate: null,
      orderRate: null,
    });
    expect(refundFiguresOf({ refundedCents: 1, refundedOrders: 1 }, figuresOf(3, 3))).toMatchObject({
      amountRate: 0.3333,
      orderRate: 0.3333,
    });
  });

  it('keeps the largest rows and sums the rest into one, so the rows still add up', () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({
      key: `k${i}`,
      label: null,
      current: figuresOf((i + 1) * 100, 1),
      previous: figuresOf(i, 1),
    }));
    const top = topRows(rows, 10);
    expect(top).toHaveLength(11);
    expect(top[0]?.key).toBe('k12');
    expect(top[10]).toEqual({
      key: null,
      label: null,
      isOther: true,
      current: figuresOf(100 + 200 + 300, 3),
      previous: figuresOf(0 + 1 + 2, 3),
    });
    expect(top.reduce((s, r) => s + r.current.revenueCents, 0)).toBe(
      rows.reduce((s, r) => s + r.current.revenueCents, 0),
    );
    expect(topRows(rows.slice(0, 3), 10)).toHaveLength(3);
  });
});

describe('folding paid days into buckets', () => {
  it('puts each day of either period in the bucket it is compared in', () => {
    const weeks = analyticsPeriods('2024-03-01', '2024-03-15');
    expect(weeks.bucket).toBe('day');
    const months = analyticsPeriods('2024-01-31', '2024-09-30');
    expect(months).toMatchObject({ bucket: 'month', days: 244, previousFrom: '2023-06-01' });
    expect(bucketOf('2024-01-31', months)).toBe('2024-01-31');
    expect(bucketOf('2024-02-29', months)).toBe('2024-02-01');
    // 2023-06-01 + 244 days = 2024-01-31: the previous period's first day meets the range's first day.
    expect(bucketOf('2023-06-01', months)).toBe('2024-01-31');
    const points = foldDays(
      [
        { day: '2024-02-29', revenueCents: 500, orders: 1 },
        { day: '2024-02-01', revenueCents: 100, orders: 2 },
        { day: '2023-06-01', revenueCents: 700, orders: 1 },
      ],
      months,
    );
    expect(points).toHaveLength(9);
    expect(points[0]).toEqual({
      start: '2024-01-31',
      previousStart: '2023-06-01',
      current: figuresOf(0, 0),
      previous: figuresOf(700, 1),
    });
    expect(points[1]?.current).toEqual(figuresOf(600, 3));
  });

  it('starts 7-day blocks on the range’s first day', () => {
    const p = analyticsPeriods('2024-03-01', '2024-05-01');
    expect(p.bucket).toBe('week');
    expect(bucketOf('2024-03-07', p)).toBe('2024-03-01');
    expect(bucketOf('2024-03-08', p)).toBe('2024-03-08');
    expect(bucketOf(p.previousFrom, p)).toBe('2024-03-01');
  });
});
