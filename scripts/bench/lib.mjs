// Shared helpers for the bench:* scripts: a throwaway PostgreSQL database, the product on it, results file.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

let serverBuilt = false;
/**
 * Compiles the server into apps/server/dist-bench once per bench run (its own folder: tests build beside it) and
 * returns its entry: benches run the compiled JavaScript as `npm start` does, without a TypeScript loader.
 */
export const compiledServer = () => {
  const entry = join(root, 'apps/server/dist-bench/main.js');
  if (serverBuilt) return entry;
  const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs'), 'bench'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the server failed');
  serverBuilt = true;
  return entry;
};

/**
 * Starts the compiled product (API + site) on PostgreSQL with limits lifted, as a separate process. Optional: extra environment (overrides the defaults below), stdio (e.g. 'pipe' for stdout to read the
 * server's log) and Node options (e.g. --cpu-prof).
 */
export const startProduct = (databaseUrl, port, { env = {}, stdout = 'ignore', nodeArgs = [] } = {}) =>
  spawn(process.execPath, [...nodeArgs, compiledServer()], {
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

/** pid's /proc stat fields after the command name (index 0 is the state, 1 the parent pid). */
const statFields = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/**
 * CPU time (user + system, ms) used so far by a process and every process under it (WEB_CONCURRENCY workers,
 * which the parent's own counters only include once they have exited): a figure load inflates much less than
 * latency. NaN once the process has gone.
 */
export const processTreeCpuMs = (pid) => {
  try {
    const children = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const parent = statFields(entry)[1];
        children.set(parent, [...(children.get(parent) ?? []), entry]);
      } catch {}
    }
    let total = 0;
    const visit = (id) => {
      // utime, stime (fields 14–15) in clock ticks (100 a second on Linux); a waited child's time is in cutime.
      total +=
        statFields(id)
          .slice(11, 15)
          .reduce((sum, v) => sum + Number(v), 0) * 10;
      for (const child of children.get(String(id)) ?? []) visit(child);
    };
    visit(pid);
    return total;
  } catch {
    return Number.NaN;
  }
};

/** CPU time (ms) used so far by every PostgreSQL server process on this machine (the database shares the cores). */
export const postgresCpuMs = () => {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total +=
        stat
          .split(') ')[1]
          .split(' ')
          .slice(11, 13)
          .reduce((sum, v) => sum + Number(v), 0) * 10;
    } catch {}
  }
  return total;
};

/** Load average over the last minute: the machine is shared, so every result says how busy it was. */
export const machineLoad = () => loadavg()[0].toFixed(1);

/** BenchmarkIndex of the desktop Lighthouse's 4× default is calibrated for (the middle of 1500–2000). */
const referenceIndex = 1750;

/**
 * How fast this host's CPU is, as Lighthouse measures it (its BenchmarkIndex). CPU slowdown is relative to the
 * host: Lighthouse's default 4× assumes a high-end desktop (index 1500–2000) and lands it on a mid-tier phone,
 * and it warns that results on a host at 1000 or below overstate the phone's slowness
 * (lighthouse/docs/throttling.md, "Calibrating the CPU slowdown"). Every browser bench prints the index, so
 * figures from different machines can be told apart.
 */
export const describeHost = (benchmarkIndex) =>
  `host CPU: Lighthouse BenchmarkIndex ${Math.round(benchmarkIndex)} (its 4× default assumes 1500–2000; ` +
  `4× here is as slow as ${((referenceIndex * 4) / benchmarkIndex).toFixed(1)}× on that desktop (index ${referenceIndex}); ` +
  `4× there is ${calibratedSlowdown(benchmarkIndex)}× here)`;

/** The CPU slowdown that makes this host as slow as 4× makes the desktop Lighthouse calibrated for. */
export const calibratedSlowdown = (benchmarkIndex) =>
  Math.max(1, Math.round(((4 * benchmarkIndex) / referenceIndex) * 10) / 10);

export const machine = () => {
  const cpus = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
  return `${cpus} cores, load ${machineLoad()}, Node ${process.version}`;
};

/**
 * Records a run in docs/benchmarks.md: the benchmark's section (`## bench:x (date, machine)`) is replaced by this
 * run's, or added when there is none, so the file keeps one current section per benchmark and git keeps the rest.
 */
export const record = (title, lines) => {
  const file = join(root, 'docs', 'benchmarks.md');
  if (!existsSync(file))
    writeFileSync(
      file,
      '# Benchmarks\n\nOne section per benchmark, its latest run; earlier runs are in git history. Budgets in DESIGN.md section 7.\n',
    );
  const name = title.split(/[\s,(]/)[0];
  const section = `## ${title} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine()})\n\n${lines.join('\n')}\n`;
  const text = readFileSync(file, 'utf8');
  const start = text.search(new RegExp(`^## ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[ ,(]`, 'm'));
  if (start < 0) {
    appendFileSync(file, `\n${section}`);
    return;
  }
  const next = text.slice(start + 3).search(/^## /m);
  const end = next < 0 ? text.length : start + 3 + next;
  writeFileSync(file, `${text.slice(0, start)}${section}${next < 0 ? '' : '\n'}${text.slice(end)}`);
};
