import { describe, expect, it } from 'vitest';
import { shortRun } from './test/money/operations';
import { formatReport, runMoneyModel } from './test/money/run';

/**
 * The money model test's short run (issue 39, ADR 0095): one seeded sequence of purchases, gift cards, shop
 * credit and refunds of every kind, many buyers at once against two server processes on PostgreSQL, then every
 * money invariant. PostgreSQL only (CI's second pass): two processes share one database. The long run is
 * `npm run bench:money`; MONEY_SEED here runs another seed.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('the money model over every feature at once (two processes, PostgreSQL)', () => {
  it('keeps every money invariant through a seeded sequence of many actors', async () => {
    const { opsPerSequence } = shortRun;
    const result = await runMoneyModel({
      baseUrl: baseUrl as string,
      seed: Number(process.env.MONEY_SEED ?? shortRun.seed),
      sequences: 1,
      opsPerSequence,
      concurrency: 4,
      refundNotices: 'auto',
      // Clear of processes.test.ts (3350–3352) and production-start.test.ts (3370–3373), which may run beside it.
      portBase: Number(process.env.MONEY_TEST_PORT ?? 3390),
      buildName: 'money-test',
    });
    // The seed, each violation and the sequence's operation log, to reproduce it (ADR 0095).
    if (result.violations.length > 0) console.log(formatReport(result, { opsPerSequence }));
    expect(result.operations).toBe(opsPerSequence);
    expect(
      result.violations.map(
        (v) => `[${v.invariant}] ${v.subject}: expected ${v.expected}; actual ${v.actual} (seed ${v.seed})`,
      ),
    ).toEqual([]);
  }, 240_000);
});
