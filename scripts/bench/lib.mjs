// Shared helpers for the bench:* scripts: a throwaway PostgreSQL database, the product on it, results file.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

const psql = (sql) => {
  const result = spawnSync('psql', [`${pgBase}/postgres`, '-v', 'ON_ERROR_STOP=1', '-qc', sql], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
};

export const createBenchDatabase = () => {
  const name = `esim_bench_${Date.now().toString(36)}`;
  psql(`create database ${name}`);
  return { url: `${pgBase}/${name}`, drop: () => psql(`drop database if exists ${name} with (force)`) };
};

export const waitFor = async (url, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
};

/**
 * Starts the product (API + site) on PostgreSQL with limits lifted, as a separate process. Optional: extra
 * environment (overrides the defaults below), stdio (e.g. 'pipe' for stdout to read the server's log) and
 * Node options (e.g. --cpu-prof).
 */
export const startProduct = (databaseUrl, port, { env = {}, stdout = 'ignore', nodeArgs = [] } = {}) =>
  spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ADMIN_PORT: String(port + 1),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_IP: '100000000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000000',
      ...env,
    },
  });

/** Load average over the last minute: the machine is shared, so every result says how busy it was. */
export const machineLoad = () => loadavg()[0].toFixed(1);

export const machine = () => {
  const cpus = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  return `${cpus} cores, load ${machineLoad()}, Node ${process.version}`;
};

/** Appends a dated section to docs/benchmarks.md. */
export const record = (title, lines) => {
  const file = join(root, 'docs', 'benchmarks.md');
  if (!existsSync(file))
    writeFileSync(file, '# Benchmarks\n\nAppended by `npm run bench:*`; budgets in DESIGN.md section 7.\n');
  appendFileSync(
    file,
    `\n## ${title} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()})\n\n${lines.join('\n')}\n`,
  );
};
