#!/usr/bin/env node
// bench:money (issue 39, ADR 0095) — the money model test's long run: sequences of random purchases, gift cards,
// shop credit and refunds of every kind, many actors at once against two server processes on PostgreSQL, each
// sequence checked against the money invariants (apps/server/src/test/money/). Prints every violation with its
// seed and the sequence's operation log, records the figures in docs/benchmarks.md, exits 1 when one broke.
// MONEY_SEED (random), MONEY_SEQUENCES (8), MONEY_OPS (60), MONEY_CONCURRENCY (4), MONEY_BUDGET_SECONDS (900),
// MONEY_NOTICES (auto | on | off), MONEY_PORT (3790). A run given MONEY_SEED reproduces and records nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgBase, record, root } from './lib.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bench-money-'));
const resultFile = join(dir, 'result.json');
const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/test/money/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BENCH_PG_URL: pgBase, MONEY_RESULT_FILE: resultFile },
});
if (!existsSync(resultFile)) {
  console.error('bench:money: the run ended without a result');
  process.exit(run.status || 1);
}
const summary = JSON.parse(readFileSync(resultFile, 'utf8'));
rmSync(dir, { recursive: true, force: true });

const lines = [
  `${summary.sequences} sequences of ${summary.opsPerSequence} operations (${summary.concurrency} lanes at once, two server processes on PostgreSQL, seeds ${summary.seed}..${summary.seed + summary.sequences - 1}): ${summary.operations} operations in ${summary.seconds} s. The buyer's refund notice ${summary.refundNotices ? 'checked' : 'not checked (not on this branch yet)'}.`,
  '',
  '| invariant | violations | seeds |',
  '|---|---|---|',
  ...(summary.byInvariant.length === 0
    ? ['| (none: every invariant held) | 0 | |']
    : summary.byInvariant.map((v) => `| ${v.invariant} | ${v.count} | ${v.seeds.join(', ')} |`)),
  '',
  `Features planned (in how many sequences): ${summary.coverage.map((c) => `${c.feature} ${c.sequences}`).join(', ')}.`,
];
if (process.env.MONEY_SEED)
  console.log('bench:money: a given seed reproduces; docs/benchmarks.md left as it is');
else record('bench:money', lines);
process.exit(run.status ?? 1);
