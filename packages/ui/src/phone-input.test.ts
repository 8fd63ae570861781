import { describe, expect, it } from 'vitest';
import { displayPhoneValue, formatPhoneInput } from './phone-format';

describe('formatPhoneInput', () => {
  it('formats national input for the chosen country and hands the form the international number', () => {
    const state = formatPhoneInput('0691234567', 'AL', 'national');
    expect(state.display).toBe('069 123 4567');
    expect(state.value).toBe('+355 69 123 4567');
  });

  it('in auto mode switches to international on "+" and picks the country from the calling code', () => {
    const state = formatPhoneInput('+4915112345678', 'AL', 'auto');
    expect(state.display).toBe('+49 1511 2345678');
    expect(state.country).toBe('DE');
    expect(state.value).toBe('+49 1511 2345678');
  });

  it('in international mode puts the country calling code in front of digits typed without "+"', () => {
    const state = formatPhoneInput('0691234567', 'AL', 'international');
    expect(state.display).toBe('+355 69 123 4567');
  });

  it('keeps an unfinished number as typed and never exceeds 25 characters', () => {
    expect(formatPhoneInput('069', 'AL', 'national').value).toBe('069');
    expect(formatPhoneInput('1'.repeat(60), 'AL', 'auto').display.length).toBeLessThanOrEqual(25);
    expect(formatPhoneInput('', 'AL', 'auto')).toEqual({ display: '', value: '', country: 'AL' });
  });

  it('shows a stored international value nationally when asked', () => {
    expect(displayPhoneValue('+355 69 123 4567', 'AL', 'national')).toBe('069 123 4567');
    expect(displayPhoneValue('+355 69 123 4567', 'AL', 'auto')).toBe('+355 69 123 4567');
  });
});
