#!/usr/bin/env node
// bench:api — catalogue reads on PostgreSQL against a bare Fastify route measured in the same run.
// Budget (DESIGN section 7): each read ≥ 50 % of the bare route's requests per second, p99 ≤ 50 ms; exits 1
// when a read misses it. BENCH_PORT, BENCH_SECONDS, BENCH_ROUNDS, BENCH_RECORD=0 to leave docs/benchmarks.md alone.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, machineLoad, record, root, startProduct, waitFor } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
// BENCH_PORT for the product (its staff app takes any free port), BENCH_PORT + 1 for the bare route.
const port = Number(process.env.BENCH_PORT ?? 3710);
const barePort = port + 1;

/**
 * CPU time (user + system, ms) a process has used, from /proc (Linux; clock ticks of 10 ms). Divided by the
 * requests served it gives the server's cost per request, which a busy shared machine distorts far less than
 * requests per second (the load generator runs on the same cores).
 */
const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
};

/** What a browser sends with every request to the API: its language and the encodings it reads. */
const browserHeaders = { 'accept-language': 'sq', 'accept-encoding': 'gzip, deflate, br, zstd' };

const run = (url, headers = {}, seconds = duration) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

const database = createBenchDatabase();
const product = startProduct(database.url, port, { env: { ADMIN_PORT: '0' } });
const bare = spawn(process.execPath, [join(root, 'scripts/bench/bare-server.mjs')], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: 'inherit',
});
try {
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  await waitFor(`http://127.0.0.1:${barePort}/bare`);
  const site = `http://127.0.0.1:${port}`;
  const targets = [
    ['bare Fastify route', `http://127.0.0.1:${barePort}/bare`],
    ['catalogue list (local tab, page 1)', `${site}/api/catalogue/packages?type=local`],
    ['search "Gjermani"', `${site}/api/catalogue/search?q=Gjermani`],
    ['country page (DE)', `${site}/api/catalogue/countries/DE`],
  ];
  // Warm-up under load (JIT, rendered answers), so the first target measured is not the one paying for it.
  for (const [, url] of targets) await run(url, browserHeaders, warmup);
  const loadAtStart = machineLoad();
  console.log(`Machine load (1 min) at start: ${loadAtStart}`);
  // Interleaved rounds (every target for a slice, then the next round), so each round compares the targets
  // under about the same machine load; the ratio to the bare route is the median of the rounds' ratios.
  const slice = duration / rounds;
  const samples = targets.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (const [i, [, url]] of targets.entries()) {
      const pid = i === 0 ? bare.pid : product.pid;
      const cpuBefore = cpuMs(pid);
      const r = await run(url, browserHeaders, slice);
      samples[i].push({ ...r, cpu: cpuMs(pid) - cpuBefore });
    }
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const results = targets.map(([name], i) => {
    const total = samples[i].reduce((sum, r) => sum + r.requests.total, 0);
    return {
      name,
      rps: total / duration,
      ratio: median(samples[i].map((r, round) => r.requests.average / samples[0][round].requests.average)),
      p99: median(samples[i].map((r) => r.latency.p99)),
      errors: samples[i].reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      bytes: samples[i].reduce((sum, r) => sum + r.throughput.total, 0) / total,
      cpuPerRequest: (samples[i].reduce((sum, r) => sum + r.cpu, 0) * 1000) / total,
    };
  });
  for (const r of results)
    console.log(
      `${r.name}: ${Math.round(r.rps)} req/s (${(r.ratio * 100).toFixed(0)} % of bare), p99 ${r.p99} ms, server CPU ${Math.round(r.cpuPerRequest)} µs/request`,
    );
  const lines = [
    `${connections} connections, ${duration} s per target in ${rounds} interleaved rounds (ratio to bare: median of the rounds; p99: median of the rounds' p99), PostgreSQL, requested as a browser does (Accept-Language sq, Accept-Encoding gzip, deflate, br, zstd). Machine load (1 min) ${loadAtStart} at start, ${machineLoad()} at the end: the machine is shared and autocannon runs on the same cores, so req/s varies from run to run; server CPU per request (from /proc) varies less.`,
    '',
    '| Target | req/s | p99 (ms) | vs bare | server CPU per request (µs) | bytes per answer | errors | budget |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map((r, i) => {
      const ok = i === 0 ? '' : r.ratio >= 0.5 && r.p99 <= 50 ? 'met' : 'MISSED';
      return `| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${(r.ratio * 100).toFixed(0)} % | ${Math.round(r.cpuPerRequest)} | ${Math.round(r.bytes)} | ${r.errors} | ${ok} |`;
    }),
  ];
  console.log(lines.join('\n'));
  if (process.env.BENCH_RECORD !== '0') record('bench:api', lines);
  if (results.some((r, i) => i > 0 && !(r.ratio >= 0.5 && r.p99 <= 50))) process.exitCode = 1;
} finally {
  product.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  database.drop();
}
