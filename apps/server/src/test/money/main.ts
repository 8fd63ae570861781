/**
 * The long money model run (`npm run bench:money`, ADR 0095): sequences of random operations against two server
 * processes on PostgreSQL, each checked against the money invariants. Environment:
 *   MONEY_SEED (random when unset; printed), MONEY_SEQUENCES (8), MONEY_OPS per sequence (60),
 *   MONEY_CONCURRENCY lanes at once (4), MONEY_BUDGET_SECONDS (no new sequence after it; 900),
 *   MONEY_NOTICES (auto | on | off: the buyer's refund notice), MONEY_PORT (3790, and +1),
 *   BENCH_PG_URL or TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432), MONEY_VERBOSE=1 (every sequence's log).
 * Prints every violation with its seed and the sequence's operation log; writes a JSON summary to
 * MONEY_RESULT_FILE when set (the bench script records it); exits 1 when an invariant broke.
 */
import { writeFileSync } from 'node:fs';
import { allFeatures, featuresOf, planSequence } from './operations';
import { randomSeed } from './prng';
import { countByInvariant, formatReport, runMoneyModel } from './run';

const env = process.env;
const seed = env.MONEY_SEED ? Number(env.MONEY_SEED) : randomSeed();
const options = {
  baseUrl: env.TEST_DATABASE_URL ?? `${env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`,
  seed,
  sequences: Number(env.MONEY_SEQUENCES ?? 8),
  opsPerSequence: Number(env.MONEY_OPS ?? 60),
  concurrency: Number(env.MONEY_CONCURRENCY ?? 4),
  refundNotices: env.MONEY_NOTICES === 'on' ? true : env.MONEY_NOTICES === 'off' ? false : ('auto' as const),
  portBase: Number(env.MONEY_PORT ?? 3790),
  budgetMs: Number(env.MONEY_BUDGET_SECONDS ?? 900) * 1000,
  buildName: 'money-bench',
  log: (line: string) => console.log(line),
};

console.log(
  `money model: seed ${seed}, up to ${options.sequences} sequences of ${options.opsPerSequence} operations, ${options.concurrency} lanes at once`,
);
const result = await runMoneyModel(options);
const report = formatReport(result, options, env.MONEY_VERBOSE === '1');
if (report) console.log(report);
const counts = countByInvariant(result.violations);
console.log(
  `money model: seed ${seed}: ${result.sequences.length} sequences, ${result.operations} operations in ${(result.ms / 1000).toFixed(0)} s; ` +
    `${result.violations.length} violations of ${counts.length} invariants${counts.length ? ':' : ''}`,
);
for (const [invariant, { count, seeds }] of counts)
  console.log(`  ${invariant}: ${count} (seeds ${[...seeds].join(', ')})`);
// How many of the sequences run planned each feature (a feature never planned was never tested).
const planned = result.sequences.map((r) => featuresOf(planSequence(r.seed, options.opsPerSequence)));
const coverage = allFeatures.map((feature) => ({
  feature,
  sequences: planned.filter((f) => f.has(feature)).length,
}));
console.log(`features planned (sequences): ${coverage.map((c) => `${c.feature} ${c.sequences}`).join(', ')}`);
if (env.MONEY_RESULT_FILE)
  writeFileSync(
    env.MONEY_RESULT_FILE,
    JSON.stringify({
      seed,
      sequences: result.sequences.length,
      operations: result.operations,
      seconds: Math.round(result.ms / 1000),
      refundNotices: result.refundNotices,
      opsPerSequence: options.opsPerSequence,
      concurrency: options.concurrency,
      byInvariant: counts.map(([invariant, { count, seeds }]) => ({ invariant, count, seeds: [...seeds] })),
      coverage,
    }),
  );
process.exitCode = result.violations.length > 0 ? 1 : 0;
