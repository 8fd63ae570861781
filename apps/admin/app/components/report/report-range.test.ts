import { describe, expect, it } from 'vitest';
import {
  bucketPeriods,
  changeRate,
  previousPeriod,
  readReportRange,
  registeredClientsHref,
  rowsHref,
  salesOrdersHref,
  withReportRange,
} from './report-range';

describe('readReportRange', () => {
  it('reads ?from&to', () => {
    expect(readReportRange(new URLSearchParams('from=2026-01-01&to=2026-01-31'), '2026-11-28')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('falls back to the last 30 days part by part, for a missing or impossible date', () => {
    expect(readReportRange(new URLSearchParams(''), '2026-03-01')).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
    expect(readReportRange(new URLSearchParams('from=2026-02-30&to=2026-02-10'), '2026-03-01')).toEqual({
      from: '2026-01-31',
      to: '2026-02-10',
    });
    expect(readReportRange(new URLSearchParams('from=1.2.2026'), '2026-03-01').from).toBe('2026-01-31');
  });
});

describe('withReportRange', () => {
  it('keeps the other parameters and drops the page', () => {
    const next = withReportRange(new URLSearchParams('campaignId=none&page=3&from=2026-01-01'), {
      from: '2026-02-01',
      to: '2026-02-07',
    });
    expect(next.toString()).toBe('campaignId=none&from=2026-02-01&to=2026-02-07');
  });
});

describe('previousPeriod', () => {
  it('is the period of the same length just before (the server’s previousFrom and previousTo)', () => {
    expect(previousPeriod({ from: '2018-03-01', to: '2018-03-10' })).toEqual({
      from: '2018-02-19',
      to: '2018-02-28',
    });
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-01' })).toEqual({
      from: '2024-02-29',
      to: '2024-02-29',
    });
  });
});

describe('changeRate', () => {
  it('is the change as a fraction, four decimals', () => {
    expect(changeRate(3, 2)).toBe(0.5);
    expect(changeRate(1, 3)).toBe(-0.6667);
    expect(changeRate(0, 5)).toBe(-1);
    expect(changeRate(-50, -100)).toBe(0.5);
  });

  it('has none without a base or a figure', () => {
    expect(changeRate(4, 0)).toBeNull();
    expect(changeRate(null, 2)).toBeNull();
    expect(changeRate(2, null)).toBeNull();
    expect(changeRate(Number.NaN, 2)).toBeNull();
  });
});

describe('the rows behind a figure', () => {
  it('leaves out empty filters', () => {
    expect(rowsHref('/orders/all', { country: null, kind: '', q: undefined })).toBe('/orders/all');
  });

  it('opens the counted sales paid in the period, with the figure’s filters', () => {
    expect(salesOrdersHref({ from: '2018-03-01', to: '2018-03-10' }, { country: 'AL', source: null })).toBe(
      '/orders/all?sales=yes&paidAtFrom=2018-03-01&paidAtTo=2018-03-10&country=AL',
    );
  });

  it('opens the customers of a country registered in the period, or up to its last day', () => {
    const period = { from: '2018-03-01', to: '2018-03-10' };
    expect(registeredClientsHref(period, 'XK')).toBe(
      '/clients/all-users?country=XK&createdAtFrom=2018-03-01&createdAtTo=2018-03-10',
    );
    expect(registeredClientsHref(period, null, true)).toBe('/clients/all-users?createdAtTo=2018-03-10');
  });
});

describe('bucketPeriods', () => {
  it('runs each bucket to the day before the next, the last to the end', () => {
    expect(bucketPeriods(['2018-03-01', '2018-03-08', '2018-03-15'], '2018-03-20')).toEqual([
      { from: '2018-03-01', to: '2018-03-07' },
      { from: '2018-03-08', to: '2018-03-14' },
      { from: '2018-03-15', to: '2018-03-20' },
    ]);
    expect(bucketPeriods([], '2018-03-20')).toEqual([]);
  });
});
