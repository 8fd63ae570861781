import { humanProofs } from '@esim/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { spendProof } from './human-check.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('spendProof', () => {
  it('spends a proof once and sweeps expired proofs in the same statement', async () => {
    const { db } = ctx.deps;
    const soon = new Date(Date.now() + 60_000);
    await db
      .insert(humanProofs)
      .values({ signature: 'expired-proof', expiresAt: new Date(Date.now() - 1_000) });

    expect(await spendProof(db, 'fresh-proof', soon)).toBe(true);
    expect(await spendProof(db, 'fresh-proof', soon)).toBe(false);

    const left = await db
      .select({ signature: humanProofs.signature })
      .from(humanProofs)
      .where(inArray(humanProofs.signature, ['expired-proof', 'fresh-proof']));
    expect(left).toEqual([{ signature: 'fresh-proof' }]);
  });
});
