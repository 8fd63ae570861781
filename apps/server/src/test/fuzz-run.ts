/**
 * `npm run fuzz`: the long run of the API fuzz suite (issue 13) on a fresh test database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). FUZZ_SEED and FUZZ_CASES (per operation and token kind) change the run;
 * it prints requests sent, failures found by class, and exits 1 when any failed.
 */
import { performance } from 'node:perf_hooks';
import { signInEveryKind } from './callers';
import { runFuzz, summarise } from './fuzz';
import { createTestContext } from './harness';

const seed = Number(process.env.FUZZ_SEED ?? 2026);
const casesPerCaller = Number(process.env.FUZZ_CASES ?? 25);

const ctx = await createTestContext();
try {
  const callers = await signInEveryKind(ctx);
  const doc = ctx.app.swagger() as unknown as Parameters<typeof runFuzz>[1];
  const started = performance.now();
  const result = await runFuzz(ctx, doc, { seed, casesPerCaller, callers });
  const seconds = (performance.now() - started) / 1000;
  const lines = summarise(result.failures);
  console.log(
    `fuzz: seed ${seed}, ${result.operations} operations × 6 token kinds × ${casesPerCaller} cases: ` +
      `${result.requests} requests in ${seconds.toFixed(1)} s, ${result.failures.length} failures (${lines.length} classes)`,
  );
  console.log(`answers by status: ${JSON.stringify(result.statuses)}`);
  for (const line of lines) console.log(`  ${line}`);
  process.exitCode = result.failures.length > 0 ? 1 : 0;
} finally {
  await ctx.close();
}
