import { giftCardCodePattern, normaliseGiftCardCode, sendDateProblem, utcDay } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { giftCardCodeHash, giftCardCodeLast4, giftCardCodeOf, maskedGiftCardCode } from './gift-card-code';
import { coveredBy } from './gift-card-redemption.service';

const secret = 'a-test-root-secret-of-enough-length-0123456789';

describe('gift card codes', () => {
  it('are four groups of Crockford base 32, fixed per card and key, different across cards and keys', () => {
    const id = crypto.randomUUID();
    const code = giftCardCodeOf(secret, id);
    expect(code).toMatch(giftCardCodePattern);
    expect(giftCardCodeOf(secret, id)).toBe(code);
    expect(giftCardCodeOf(secret, crypto.randomUUID())).not.toBe(code);
    expect(giftCardCodeOf(`${secret}x`, id)).not.toBe(code);
    const many = new Set(Array.from({ length: 2000 }, () => giftCardCodeOf(secret, crypto.randomUUID())));
    expect(many.size).toBe(2000);
  });

  it('are found by a hash of the typed code, whatever its case and spacing, and shown masked', () => {
    const code = giftCardCodeOf(secret, crypto.randomUUID());
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    expect(giftCardCodeHash(normaliseGiftCardCode(typed.trim()))).toBe(giftCardCodeHash(code));
    expect(giftCardCodeHash(code)).not.toContain(code.replaceAll('-', ''));
    expect(maskedGiftCardCode(giftCardCodeLast4(code))).toBe(`••••-••••-••••-${code.slice(-4)}`);
    expect(maskedGiftCardCode(null)).toBeNull();
  });
});

describe('gift card rules', () => {
  it('allows a send date from today (UTC) to a year ahead', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(sendDateProblem('2026-03-10', now)).toBeNull();
    expect(sendDateProblem('2026-03-09', now)).toBe('past');
    expect(sendDateProblem(utcDay(now, 365), now)).toBeNull();
    expect(sendDateProblem(utcDay(now, 366), now)).toBe('tooFar');
  });

  it('covers all of a total or the balance, never more, never below zero', () => {
    expect(coveredBy(5000, 1299)).toBe(1299);
    expect(coveredBy(1000, 1299)).toBe(1000);
    expect(coveredBy(0, 1299)).toBe(0);
    expect(coveredBy(-5, 1299)).toBe(0);
  });
});
