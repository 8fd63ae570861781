import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents } from './money';

describe('money field conversion', () => {
  it('shows cents as euros and reads euros back as whole cents', () => {
    expect(centsToEuros(499)).toBe(4.99);
    expect(centsToEuros(undefined)).toBe('');
    expect(centsToEuros(4.5)).toBe('');
    expect(eurosToCents(4.99)).toBe(499);
    // 0.1 + 0.2 style float noise never reaches the form value.
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents('19.9')).toBe(1990);
    expect(eurosToCents('')).toBeUndefined();
    expect(eurosToCents('abc')).toBeUndefined();
  });
});
