import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  largestFitting,
  retryKeyVersion,
  splitByBuckets,
  splitCardAndGiftCard,
  topUpTakeBack,
} from './refund-plan';

// Issue 39 (ADR 0090): where a refund's money goes, as pure rules.
describe('splitCardAndGiftCard', () => {
  it('gives the card charge back first and the rest onto the gift card, never beyond either', () => {
    expect(splitCardAndGiftCard(1599, { cardCents: 599, giftCardCents: 1000 })).toEqual({
      cardCents: 599,
      giftCardCents: 1000,
    });
    expect(splitCardAndGiftCard(300, { cardCents: 599, giftCardCents: 1000 })).toEqual({
      cardCents: 300,
      giftCardCents: 0,
    });
    expect(splitCardAndGiftCard(599, { cardCents: 0, giftCardCents: 1000 })).toEqual({
      cardCents: 0,
      giftCardCents: 599,
    });
    expect(splitCardAndGiftCard(1600, { cardCents: 599, giftCardCents: 1000 })).toBeNull();
  });
});

describe('splitByBuckets', () => {
  it("gives a purchase's refunds back to paid credit and bonus in the shares it took, exactly in the end", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 6 }),
        (creditCents, bonusCents, parts) => {
          const total = creditCents + bonusCents;
          fc.pre(total > 0);
          let before = 0;
          let credit = 0;
          let bonus = 0;
          for (const part of parts) {
            const amount = Math.min(part, total - before);
            if (amount <= 0) break;
            const split = splitByBuckets(amount, { creditCents, bonusCents }, before);
            expect(split.creditCents + split.bonusCents).toBe(amount);
            expect(split.creditCents).toBeGreaterThanOrEqual(0);
            expect(split.bonusCents).toBeGreaterThanOrEqual(0);
            credit += split.creditCents;
            bonus += split.bonusCents;
            before += amount;
          }
          const rest = total - before;
          if (rest > 0) {
            const last = splitByBuckets(rest, { creditCents, bonusCents }, before);
            credit += last.creditCents;
            bonus += last.bonusCents;
          }
          expect([credit, bonus]).toEqual([creditCents, bonusCents]);
        },
      ),
    );
  });

  it('gives paid credit back for a purchase with no ledger rows to go by', () => {
    expect(splitByBuckets(500, { creditCents: 0, bonusCents: 0 }, 0)).toEqual({
      creditCents: 500,
      bonusCents: 0,
    });
  });
});

describe('topUpTakeBack', () => {
  const topUp = { totalCents: 37_700, bonusCents: 1_131 };
  it('takes back the credit and the same share of the bonus', () => {
    expect(topUpTakeBack(37_700, topUp, 0, { creditCents: 37_700, bonusCents: 1_131 })).toEqual({
      creditCents: 37_700,
      bonusCents: 1_131,
    });
    expect(topUpTakeBack(18_850, topUp, 0, { creditCents: 40_000, bonusCents: 5_000 })).toEqual({
      creditCents: 18_850,
      bonusCents: 566,
    });
  });

  it('takes bonus the shop no longer holds from its paid credit, and refuses beyond what it holds', () => {
    expect(topUpTakeBack(10_000, topUp, 0, { creditCents: 20_000, bonusCents: 100 })).toEqual({
      creditCents: 10_000 + (300 - 100),
      bonusCents: 100,
    });
    expect(topUpTakeBack(20_000, topUp, 0, { creditCents: 19_999, bonusCents: 5_000 })).toBeNull();
  });

  it('finds the most a refund may give back while the shop holds it', () => {
    const shop = { creditCents: 12_345, bonusCents: 0 };
    const max = largestFitting(37_700, (a) => topUpTakeBack(a, topUp, 0, shop) !== null);
    expect(topUpTakeBack(max, topUp, 0, shop)).not.toBeNull();
    expect(topUpTakeBack(max + 1, topUp, 0, shop)).toBeNull();
  });
});

describe('retryKeyVersion', () => {
  it('keeps the key after an outage and takes a new one after a refusal', () => {
    expect(retryKeyVersion({ keyVersion: 0, errorCode: 'provider_unavailable' })).toBe(0);
    expect(retryKeyVersion({ keyVersion: 0, errorCode: 'declined' })).toBe(1);
    expect(retryKeyVersion({ keyVersion: 2, errorCode: 'unknown' })).toBe(3);
  });
});
