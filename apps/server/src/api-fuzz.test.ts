import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEveryKind } from './test/callers';
import { runFuzz, summarise } from './test/fuzz';
import { createTestContext, type TestContext } from './test/harness';

// Issue 13: a short seeded run of the API fuzz suite (the long one is `npm run fuzz`). Every operation of the
// OpenAPI document × every token kind × a few malformed requests: no 5xx, every error in the envelope
// { code, message }, and no data change on a 4xx.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('API fuzz (short seeded run)', () => {
  it('answers malformed input below 500, in the envelope, changing nothing on 4xx', async () => {
    const callers = await signInEveryKind(ctx);
    const doc = ctx.app.swagger() as unknown as Parameters<typeof runFuzz>[1];
    const result = await runFuzz(ctx, doc, { seed: 13, casesPerCaller: 2, callers });
    expect(result.operations).toBeGreaterThan(40);
    expect(summarise(result.failures)).toEqual([]);
  }, 600_000);
});
