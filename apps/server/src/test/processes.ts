import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';

/**
 * Helpers for tests that run the real server as separate processes (as `npm start` does) on PostgreSQL:
 * several processes on one database, restarts, signals. They need TEST_DATABASE_URL (CI's PostgreSQL pass).
 */
const root = join(import.meta.dirname, '../../../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Compiles the server as `npm start` does, so the test runs the very JavaScript production runs; each test file
 * builds into its own folder. Returns the entry to start.
 */
export const buildServer = (name: string) => {
  const result = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs'), name], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server build failed: ${result.stderr}`);
  return join(root, 'apps/server', `dist-${name}`, 'main.js');
};

/** A database of its own on the server `baseUrl` points at; `drop` removes it. */
export const createScratchDatabase = async (baseUrl: string) => {
  const name = `esim_proc_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
};

/**
 * A client address for X-Forwarded-For (TRUST_PROXY is on): each buyer and probe is its own client. Counted, not
 * drawn: two random draws from 198.18.0.0/16 can meet, and a buyer given the address the rate-limit test used up
 * was refused with 429 (CI, stop 36).
 */
let lastClient = randomBytes(2).readUInt16BE(0);
export const clientIp = () => {
  lastClient = (lastClient + 1) % 65_536;
  return `198.18.${lastClient >> 8}.${lastClient & 255}`;
};

/** One request on a fresh connection (so a refused connection is told apart from a dropped request). */
export const request = async (
  url: string,
  init: { method?: string; json?: unknown; form?: Record<string, string>; ip?: string } = {},
) => {
  const headers: Record<string, string> = { connection: 'close', 'x-forwarded-for': init.ip ?? clientIp() };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  try {
    const response = await fetch(url, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, text, location: response.headers.get('location'), error: null };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, text: '', location: null, error: cause?.code ?? String(error) };
  }
};

export type ServerProcess = {
  site: string;
  child: ChildProcess;
  /** Parsed JSON log lines (pino) the process wrote, oldest first. */
  logs: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running: () => boolean;
  stop: () => Promise<void>;
};

/**
 * The front ends `npm start` serves, built as it builds them when missing (the site's server build is part of
 * what the server process loads).
 */
export const ensureFrontEndBuilds = () => {
  for (const [workspace, output] of [
    ['apps/web', 'apps/web/build/server/index.js'],
    ['apps/admin', 'apps/admin/build/client/index.html'],
  ] as const) {
    if (existsSync(join(root, output))) continue;
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${workspace} build failed: ${result.stderr}`);
  }
};

/** The environment a test server process runs with: the test defaults, then `env`. */
export const serverEnv = (options: { databaseUrl: string; port: number; env?: Record<string, string> }) => ({
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  APP_ENV: 'test',
  DATABASE_URL: options.databaseUrl,
  HOST: '127.0.0.1',
  PORT: String(options.port),
  ADMIN_PORT: '0',
  SITE_URL: `http://127.0.0.1:${options.port}`,
  LOG_LEVEL: 'info',
  TRUST_PROXY: 'true',
  HUMAN_CHECK_DIFFICULTY: '1',
  JOB_POLL_SECONDS: '0.5',
  FULFILMENT_RETRY_DELAY_SECONDS: '1',
  DATA_DIR: '/tmp/esim-proc-test-data',
  ...options.env,
});

/** Starts `node apps/server/dist/main.js` (what `npm start` runs) and waits until it answers health. */
export const startServer = async (options: {
  entry: string;
  databaseUrl: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> => {
  const site = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [options.entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv(options),
  });
  const logs: Record<string, unknown>[] = [];
  const keep = (line: string) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      logs.push({ msg: line });
    }
  };
  if (child.stdout) createInterface({ input: child.stdout }).on('line', keep);
  if (child.stderr) createInterface({ input: child.stderr }).on('line', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 180_000;
  while (!(await isHealthy(site))) {
    if (!running()) throw new Error(`server on ${site} exited while starting:\n${dump(logs)}`);
    if (Date.now() > deadline) throw new Error(`server on ${site} did not come up:\n${dump(logs)}`);
    await sleep(250);
  }
  return {
    site,
    child,
    logs,
    exited,
    running,
    stop: async () => {
      if (!running()) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
      if (!done) child.kill('SIGKILL');
    },
  };
};

const dump = (logs: Record<string, unknown>[]) =>
  logs
    .slice(-30)
    .map((l) => JSON.stringify(l))
    .join('\n');

export const isHealthy = async (site: string) => (await request(`${site}/api/health`)).status === 200;

const card = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** A signed-out order needs a solved human check, as a browser solves it. */
const humanProof = async (site: string) => {
  const challenge = (await (await fetch(`${site}/api/human-challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) return null;
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

/** Calls `attempt` until it returns a result (not undefined), as a buyer retries; gives up after `ms`. */
const retrying = async <T>(ms: number, attempt: () => Promise<T | undefined>) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error('gave up retrying');
    await sleep(300);
  }
};

export type Purchase = { orderId: string; sessionId: string; outcome: string };

/**
 * One buyer as a browser behind a load balancer: create the order, pay with the test card on the hosted page,
 * confirm on the return page. Each step goes to `sites()[0]` and, when it is refused or fails with a server
 * error, is tried again on the next site (the balancer's retry) after a short wait.
 */
export const purchase = async (
  sites: () => string[],
  packageSlug: string,
  n: number,
  log: { refusedOrServerError: number; dropped: string[] },
): Promise<Purchase> => {
  const ip = clientIp();
  let turn = 0;
  const next = () => {
    const list = sites();
    return list[turn++ % list.length] as string;
  };
  const note = (answer: Awaited<ReturnType<typeof request>>) => {
    if (answer.status === 0 && answer.error !== 'ECONNREFUSED') log.dropped.push(String(answer.error));
    else if (answer.status === 0 || answer.status >= 500 || answer.status === 402) log.refusedOrServerError++;
  };
  const order = await retrying(60_000, async () => {
    const site = next();
    const proof = await humanProof(site).catch(() => null);
    if (!proof) return undefined;
    const answer = await request(`${site}/api/orders`, {
      ip,
      json: {
        humanProof: proof,
        packageSlug,
        fullName: `Process Buyer ${n}`,
        email: `proc-${n}-${randomBytes(3).toString('hex')}@buyers.example`,
        phoneNumber: `+3556${String(9_000_000 + n * 37 + Math.floor(Math.random() * 30)).padStart(8, '0')}`,
      },
    });
    note(answer);
    if (answer.status === 201 || answer.status === 200)
      return JSON.parse(answer.text) as { orderId: string; checkoutUrl: string };
    // 402: the payment provider could not open a checkout (its store was away): "Please try again!".
    if (answer.status !== 0 && answer.status < 500 && answer.status !== 402)
      throw new Error(`order refused (client ${ip}, ${site}): ${answer.status} ${answer.text}`);
    return undefined;
  });
  const sessionId = order.checkoutUrl.split('/').pop() ?? '';
  const checkoutPath = new URL(order.checkoutUrl).pathname;
  // 303: charged now; 410: closed (charged by an earlier try whose answer was lost); either way confirm next.
  await retrying(60_000, async () => {
    const answer = await request(`${next()}${checkoutPath}`, { ip, form: card });
    note(answer);
    return answer.status === 303 || answer.status === 410 ? true : undefined;
  });
  const outcome = await retrying(60_000, async () => {
    const answer = await request(`${next()}/api/orders/${order.orderId}/confirm`, {
      ip,
      json: { sessionId },
    });
    note(answer);
    if (answer.status === 200) return (JSON.parse(answer.text) as { outcome: string }).outcome;
    return undefined;
  });
  return { orderId: order.orderId, sessionId, outcome };
};

/** Runs `count` purchases, `concurrency` at a time. */
export const burst = async (
  count: number,
  concurrency: number,
  buy: (n: number) => Promise<Purchase>,
): Promise<Purchase[]> => {
  const results: Purchase[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        results.push(await buy(n));
      }
    }),
  );
  return results;
};

/**
 * Waits until every charged sandbox payment's order is completed, then checks each happened once: one eSIM,
 * at most one eSIM package, one confirmation e-mail per order.
 */
export const settle = async (databaseUrl: string, timeoutMs: number) => {
  const db = new pg.Client({ connectionString: databaseUrl });
  // The outage test stops its PostgreSQL at the end, maybe while this client is still open after a failure.
  db.on('error', () => undefined);
  await db.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let waiting: { id: string; status: string }[] = [];
    for (;;) {
      // Charged and not completed, or completed and its confirmation e-mail (its own job) not stored yet.
      waiting = (
        await db.query<{ id: string; status: string }>(
          `select o.id, o.status from sandbox_payment_sessions s join orders o on o.id::text = s.order_id
            where s.status = 'succeeded' and (o.status <> 'completed' or not exists (
              select 1 from outbox m where m.to = o.buyer_email and m.subject like '%' || o.number))`,
        )
      ).rows;
      if (waiting.length === 0 || Date.now() > deadline) break;
      await sleep(500);
    }
    const charged = (
      await db.query<{ id: string }>(
        `select o.id from sandbox_payment_sessions s join orders o on o.id::text = s.order_id where s.status = 'succeeded'`,
      )
    ).rows.map((r) => r.id);
    const counts = (
      await db.query<{ id: string; esims: number; packages: number; mails: number }>(
        `select o.id,
            (select count(*)::int from esims e where e.order_id = o.id) as esims,
            (select count(*)::int from esim_packages p where p.order_id = o.id) as packages,
            (select count(*)::int from outbox m where m.to = o.buyer_email and m.subject like '%' || o.number) as mails
          from orders o where o.id = any($1::uuid[])`,
        [charged],
      )
    ).rows;
    return {
      charged: charged.length,
      notCompleted: waiting,
      notOnce: counts.filter((c) => c.esims !== 1 || c.packages > 1 || c.mails !== 1),
    };
  } finally {
    await db.end();
  }
};

/** A local package's slug, to buy. */
export const aPackageSlug = async (site: string) => {
  const answer = await request(`${site}/api/catalogue/packages?type=local&pageSize=1`);
  const body = JSON.parse(answer.text) as { items?: { slug: string }[]; data?: { slug: string }[] };
  const slug = (body.items ?? body.data ?? [])[0]?.slug;
  if (!slug) throw new Error(`no package to buy: ${answer.status} ${answer.text.slice(0, 200)}`);
  return slug;
};
