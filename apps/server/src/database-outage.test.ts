import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aPackageSlug,
  buildServer,
  burst,
  createScratchDatabase,
  purchase,
  request,
  type ServerProcess,
  settle,
  sleep,
  startServer,
} from './test/processes';

/**
 * The database goes away during a burst of purchases, as in a managed database's failover or maintenance: a
 * PostgreSQL server of the test's own (initdb into a temp dir, never the shared one) is stopped with
 * `pg_ctl stop -m fast`, which ends every connection with 57P01, and started again a few seconds later. The
 * server process must stay up, answer health with 503 meanwhile, serve again on its own, and complete every
 * charged order once. Runs in CI's PostgreSQL pass (needs TEST_DATABASE_URL and PostgreSQL's binaries).
 */
const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort().at(-1);
  const bin = version ? join(base, version, 'bin') : null;
  return bin && existsSync(join(bin, 'initdb')) ? bin : null;
})();
const pgPort = Number(process.env.OPS_TEST_PG_PORT ?? 5499);
const serverPort = Number(process.env.OPS_TEST_PORT ?? 3350) + 2;
// PostgreSQL refuses to run as root: as root (CI), run its tools as the postgres user.
const asRoot = userInfo().uid === 0;

const pgTool = (tool: string, args: string[]) => {
  const command = join(pgBin as string, tool);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : execFileSync(command, args, { encoding: 'utf8' });
};

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgBin)('the database going away', () => {
  let dataDir: string;
  let entry: string;
  let server: ServerProcess;
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const pgCtl = (...args: string[]) =>
    pgTool('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', ...args]);
  const startPostgres = () =>
    pgCtl('-o', `-p ${pgPort} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`, 'start');

  beforeAll(async () => {
    entry = buildServer('outage-test');
    dataDir = mkdtempSync('/tmp/esim-outage-pg-');
    if (asRoot)
      chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
    pgTool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    startPostgres();
    database = await createScratchDatabase(`postgres://postgres@127.0.0.1:${pgPort}/postgres`);
    server = await startServer({
      entry,
      databaseUrl: database.url,
      port: serverPort,
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    try {
      pgCtl('-m', 'immediate', 'stop');
    } catch {
      // already stopped
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('stays up, answers 503 while the database is away, serves again, and completes every charged order', async () => {
    const slug = await aPackageSlug(server.site);
    const log = { refusedOrServerError: 0, dropped: [] as string[] };
    let finished = 0;
    const buying = burst(30, 6, (n) =>
      purchase(() => [server.site], slug, n, log).then((bought) => {
        finished++;
        return bought;
      }),
    );

    // Stop the database while buyers are mid-purchase: once a few have finished, long before all can have.
    const startedAt = Date.now();
    while (finished < 5 && Date.now() - startedAt < 60_000) await sleep(50);
    pgCtl('-m', 'fast', 'stop');
    const stoppedAt = Date.now();
    let unavailable = 0;
    while (Date.now() - stoppedAt < 4_000) {
      const health = await request(`${server.site}/api/health`);
      if (health.status === 503) unavailable++;
      await sleep(250);
    }
    startPostgres();
    let back = false;
    const restartedAt = Date.now();
    while (!back && Date.now() - restartedAt < 30_000) {
      back = (await request(`${server.site}/api/health`)).status === 200;
      if (!back) await sleep(250);
    }

    const done = await buying;
    expect(server.running()).toBe(true);
    expect(unavailable).toBeGreaterThan(0);
    expect(back).toBe(true);
    // The outage was real: connections ended by the administrator's shutdown, and some buyers hit it.
    expect(server.logs.some((l) => JSON.stringify(l).includes('57P01'))).toBe(true);
    expect(log.refusedOrServerError).toBeGreaterThan(0);
    expect(done).toHaveLength(30);
    const result = await settle(database.url, 90_000);
    expect(result.notCompleted).toEqual([]);
    expect(result.notOnce).toEqual([]);
    expect(result.charged).toBe(30);
    expect(server.running()).toBe(true);
  }, 240_000);
});
