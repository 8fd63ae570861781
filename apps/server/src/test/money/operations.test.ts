import { describe, expect, it } from 'vitest';
import { allFeatures, featuresOf, type Op, planSequence, shortRun } from './operations';
import { createPrng } from './prng';

/** The money model's plans (ADR 0095): a seed names its operations, and the short run's seed covers everything. */

const namedHandles = (op: Op): string[] => {
  switch (op.kind) {
    case 'buy_esim':
      return op.giftCard ? [op.giftCard] : [];
    case 'spend_twice':
      return [op.giftCard];
    case 'top_up_esim':
      return [op.of];
    case 'refund':
    case 'retry_refunds':
      return [op.order];
    default:
      return [];
  }
};

describe('money model plans', () => {
  it('the same seed plans the same operations; another seed others', () => {
    expect(planSequence(123, 40)).toEqual(planSequence(123, 40));
    expect(planSequence(124, 40).ops).not.toEqual(planSequence(123, 40).ops);
    expect(createPrng(5).next()).toBe(createPrng(5).next());
  });

  it('names only entities of operations before it, so concurrent lanes never wait in a circle', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { ops } = planSequence(seed, 40);
      for (const op of ops)
        for (const handle of namedHandles(op)) {
          const maker = Number(/^[og](\d+)b?$/.exec(handle)?.[1]);
          expect(maker, `seed ${seed} #${op.index} names ${handle}`).toBeLessThan(op.index);
        }
      // Phases run in order: an operation never comes before one of an earlier phase.
      expect(ops.map((op) => op.phase)).toEqual([...ops.map((op) => op.phase)].sort());
    }
  });

  it("the short run's one sequence exercises every feature", () => {
    const features = featuresOf(planSequence(shortRun.seed, shortRun.opsPerSequence));
    expect(allFeatures.filter((f) => !features.has(f))).toEqual([]);
  });
});
