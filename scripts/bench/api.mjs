#!/usr/bin/env node
// bench:api — catalogue reads on PostgreSQL against a bare Fastify route measured in the same run.
// Budget (DESIGN section 7): each read ≥ 50 % of the bare route's requests per second, p99 ≤ 50 ms.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, record, root, startProduct, waitFor } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = 3710;
const barePort = 3712;

const run = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

const database = createBenchDatabase();
const product = startProduct(database.url, port);
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
  for (const [, url] of targets) await fetch(url, { headers: { 'accept-language': 'sq' } });
  const results = [];
  for (const [name, url] of targets) {
    const r = await run(url, { 'accept-language': 'sq' });
    results.push({ name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    console.log(`${name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
  }
  const bareRps = results[0].rps;
  const lines = [
    `${connections} connections, ${duration} s per target, PostgreSQL, Accept-Language sq.`,
    '',
    '| Target | req/s | p99 (ms) | vs bare | errors | budget |',
    '|---|---|---|---|---|---|',
    ...results.map((r, i) => {
      const ratio = r.rps / bareRps;
      const ok = i === 0 ? '' : ratio >= 0.5 && r.p99 <= 50 ? 'met' : 'MISSED';
      return `| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${(ratio * 100).toFixed(0)} % | ${r.errors} | ${ok} |`;
    }),
  ];
  console.log(lines.join('\n'));
  record('bench:api', lines);
} finally {
  product.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  database.drop();
}
