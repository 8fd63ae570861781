import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals, netFromGross } from './invoice-pdf';

describe('netFromGross', () => {
  it('keeps the amount as it is without VAT', () => {
    expect(netFromGross(1299, 0)).toBe(1299);
  });

  it('splits a VAT-inclusive price so the invoice adds up to what was charged', () => {
    expect(netFromGross(1200, 20)).toBe(1000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(5, 8.5, 10, 18, 20, 25),
        (gross, rate) => {
          const net = netFromGross(gross, rate);
          const { totalCents } = computeInvoiceTotals(
            [{ description: '', quantity: 1, unitCents: net }],
            rate,
          );
          // Rounding can make an exact split impossible for a few amounts; then it is off by one cent at most.
          expect(Math.abs(totalCents - gross)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
