import { describe, expect, it } from 'vitest';
import { formNumber } from './number-field';

describe('formNumber', () => {
  it('keeps numbers, empties an empty input and parses numeric text', () => {
    expect(formNumber(14)).toBe(14);
    expect(formNumber('')).toBe('');
    expect(formNumber('  ')).toBe('');
    expect(formNumber('30')).toBe(30);
  });

  it('keeps other text as typed, never NaN, so the contract can name the problem', () => {
    expect(formNumber('-')).toBe('-');
    expect(formNumber('1e999')).toBe('1e999');
  });
});
