/**
 * `npm run fuzz`: the long run of the API fuzz suite (issue 13) on a fresh test database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). FUZZ_SEED and FUZZ_CASES (per operation and token kind) change the run;
 * it prints requests sent, failures found by class, and exits 1 when any failed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../app';
import { signInEveryKind } from './callers';
import { runFuzz, runPageFuzz, sitePagePaths, staffPagePaths, summarise, summarisePages } from './fuzz';
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
  // Page paths × methods × bodies on the site and the staff dashboard, when they are built.
  let pageFailures = 0;
  for (const [surface, paths, built] of [
    ['site', sitePagePaths, join(ctx.config.webBuildDir, 'server', 'index.js')],
    ['staff', staffPagePaths, join(ctx.config.adminBuildDir, 'index.html')],
  ] as const) {
    if (!existsSync(built)) {
      console.log(`pages (${surface}): not built, skipped (npm run build)`);
      continue;
    }
    const app = await buildApp(ctx.deps, surface);
    const pages = await runPageFuzz(app, paths, {
      formPaths: surface === 'site' ? ['/cookie-consent', '/cookie-consent.data'] : [],
    });
    await app.close();
    pageFailures += pages.failures.length;
    console.log(
      `pages (${surface}): ${pages.requests} requests, ${pages.failures.length} failures; by status ${JSON.stringify(pages.statuses)}`,
    );
    for (const line of summarisePages(pages.failures)) console.log(`  ${line}`);
  }
  process.exitCode = result.failures.length + pageFailures > 0 ? 1 : 0;
} finally {
  await ctx.close();
}
