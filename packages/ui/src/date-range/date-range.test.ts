import { describe, expect, it } from 'vitest';
import { isIsoDate, lastDays, shiftDate } from './date-range';

describe('date ranges', () => {
  it('gives the last n days up to and including today, across months and leap days', () => {
    expect(lastDays(1, '2024-03-01')).toEqual({ from: '2024-03-01', to: '2024-03-01' });
    expect(lastDays(7, '2024-03-02')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
    expect(lastDays(30, '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(shiftDate('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('keeps only whole calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-2-9')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});
