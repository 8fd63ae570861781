import { describe, expect, it } from 'vitest';
import { shortRun } from './test/money/operations';
import { formatReport, runMoneyModel } from './test/money/run';

/**
 * The money model test's short run (issue 39, ADR 0095): one seeded sequence of purchases, gift cards, shop
 * credit and refunds of every kind, many buyers at once against two server processes on PostgreSQL, then every
 * money invariant. PostgreSQL only (CI's second pass): two processes share one database. The long run is
 * `npm run bench:money`; MONEY_SEED here reruns another seed.
 */
const baseUrl = process.env.TEST_DATABASE_URL;

/**
 * Invariants main broke when this test was written (issue 39's cases): reported, not failed, until their fix
 * lands. Remove each one as it is fixed; MONEY_STRICT=1 tolerates none.
 */
const brokenOnMain = new Set([
  // A refund racing fulfilment stops it: the profile stays ordered at the provider, the eSIM is never delivered.
  'order.carried-out',
  'order.no-profile-left-at-provider',
  // The order's status follows the refund asked for, not the refunds that succeeded.
  'order.status-agrees-with-refunds',
  // A gift card purchase refunds its whole amount whatever was spent, and the card keeps working.
  'giftcard.money-conserved',
  'giftcard.not-refunded-and-spendable',
  'model.refunds-as-asked',
  // A refunded shop top-up leaves its credit and bonus; a purchase's bonus comes back as paid credit.
  'shop.topup-credit-matches-card',
  'shop.money-conserved',
  'shop.refund-to-its-buckets',
  // The sum of the above.
  'money.conserved',
  // "Refund everything of this client" skips orders a gift card paid.
  'client-refund.covers-every-order',
  // A failed refund's retry refused or failed again with the provider working; the rest can no longer be refunded.
  'refund.retry-works',
  'refund.money-stuck',
]);

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
      portBase: Number(process.env.MONEY_TEST_PORT ?? 3372),
      buildName: 'money-test',
    });
    const tolerated = process.env.MONEY_STRICT ? new Set<string>() : brokenOnMain;
    if (result.violations.length > 0) console.log(formatReport(result, { opsPerSequence }, tolerated));
    expect(result.operations).toBe(opsPerSequence);
    expect(
      result.violations
        .filter((v) => !tolerated.has(v.invariant))
        .map(
          (v) => `[${v.invariant}] ${v.subject}: expected ${v.expected}; actual ${v.actual} (seed ${v.seed})`,
        ),
    ).toEqual([]);
  }, 240_000);
});
