import { describe, expect, it } from 'vitest';
import { parseTopUpAmount } from './top-up-amount';

describe('parseTopUpAmount', () => {
  it('reads whole euros and euros with cents, with a dot or a comma', () => {
    expect(parseTopUpAmount('250', 20_000)).toEqual({ cents: 25_000 });
    expect(parseTopUpAmount(' 250,5 ', 20_000)).toEqual({ cents: 25_050 });
    expect(parseTopUpAmount('1 000.99', 20_000)).toEqual({ cents: 100_099 });
  });

  it('names the rule a bad amount breaks', () => {
    expect(parseTopUpAmount('', 20_000)).toEqual({ error: 'required' });
    expect(parseTopUpAmount('abc', 20_000)).toEqual({ error: 'numberInvalid' });
    expect(parseTopUpAmount('2e5', 20_000)).toEqual({ error: 'numberInvalid' });
    expect(parseTopUpAmount('-250', 20_000)).toEqual({ error: 'minimum' });
    expect(parseTopUpAmount('199.99', 20_000)).toEqual({ error: 'minimum' });
    expect(parseTopUpAmount('250.001', 20_000)).toEqual({ error: 'wholeCents' });
  });
});
