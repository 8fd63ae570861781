import cluster, { type Worker } from 'node:cluster';
import { demoAccounts, demoPassword, seedDemo, seedDemoEsims, seedReferenceData } from '@esim/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createDeps } from './create-deps';
import type { AppDeps } from './deps';
import { ensureDemoAds, runAdsSync } from './jobs/ads-sync';
import { ensureCatalogue, runScheduledCatalogueSync } from './jobs/catalogue-sync';
import { resumePaidOrders, startFulfilment } from './jobs/fulfilment';
import { startOutboxDelivery } from './jobs/outbox-delivery';
import { startPushFanOut } from './jobs/push-fan-out';
import { requestIdMixin } from './lib/request-context';
import { eraseExpiredClients } from './modules/clients/clients.service';
import { syncUsage } from './modules/esims/usage.service';
import { refreshAllOrderRollups } from './modules/order-analytics/order-rollups.service';
import { runEsimReleaseJob } from './modules/settings/esim-releases.service';
import { hasLoginAdmin } from './modules/staff/staff-members.repository';
import { refreshTrafficRollups } from './modules/statistics/traffic-rollup.service';

const catalogueSyncCron = '17 3 * * *';

/** What the database holds at start that the banner mentions. */
type Prepared = { seeded: boolean; adminMissing: boolean };

const banner = (config: Config, prepared: Prepared) => {
  const where =
    config.database.driver === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  const processes = config.runtime.processes;
  return [
    '',
    `  Site, customer dashboard and portal: ${config.siteUrl}`,
    `  Staff dashboard:                     ${config.adminUrl}`,
    `  API docs:                            ${config.siteUrl}/api/docs`,
    ...(config.mail.devMailbox
      ? [`  Dev mailbox (sent e-mails):          ${config.siteUrl}/dev/mailbox`]
      : []),
    `  Database:                            ${where}${prepared.seeded ? ' (demo data seeded now)' : ''}`,
    `  Server processes:                    ${processes}${processes > 1 ? ' (WEB_CONCURRENCY)' : ''}`,
    '',
    ...(config.demoData
      ? [
          `  Demo accounts (password: ${demoPassword})`,
          ...demoAccounts.map(
            (a) =>
              `    ${a.area.padEnd(20)} ${a.email.padEnd(22)} ${a.url.replace('http://localhost:3000', config.siteUrl).replace('http://localhost:3001', config.adminUrl)}`,
          ),
          '',
        ]
      : []),
    ...(prepared.adminMissing
      ? [
          '  No staff admin can log in yet: npm run staff:create-admin -- <email> (prints a link to set a password)',
          '',
        ]
      : []),
  ].join('\n');
};

/**
 * Migrations, reference data, demo data where it belongs (ADR 0033) and the first catalogue from the eSIM
 * provider. Demo data: the personas once in an empty database, their eSIMs once the catalogue exists (each step
 * idempotent, so a start that failed half-way completes on the next). Without demo data, whether a first admin
 * is still to be created with the command.
 */
const prepareDatabase = async (deps: AppDeps, log: FastifyBaseLogger): Promise<Prepared> => {
  const { config } = deps;
  await deps.database.migrate();
  await seedReferenceData(deps.db);
  const seeded = config.demoData ? await seedDemo(deps.db) : false;
  await ensureCatalogue(deps, log);
  if (config.demoData) await seedDemoEsims(deps.db);
  if (config.demoData) await ensureDemoAds(deps, log);
  const adminMissing = !config.demoData && !(await hasLoginAdmin(deps.db));
  if (adminMissing) log.warn('no staff admin can log in yet: run npm run staff:create-admin -- <email>');
  return { seeded, adminMissing };
};

/** Once per start, before any process serves (the cluster primary). */
const prepare = async (config: Config) => {
  const deps = await createDeps(config);
  const log = pino({ level: config.logLevel, name: 'start' });
  try {
    return await prepareDatabase(deps, log);
  } finally {
    deps.redis?.disconnect();
    await deps.database.close();
  }
};

/**
 * Watches the database while serving. When it comes back after an outage (restart, failover), paid orders are
 * queued again: a job that was running when the connection dropped could not record its end, and would
 * otherwise wait for pg-boss's expiry. Queuing is idempotent (one waiting job per order), so is fulfilment.
 */
const watchDatabase = (deps: AppDeps, log: FastifyBaseLogger, everyMs = 2_000) => {
  let down = false;
  const timer = setInterval(() => {
    deps.database.ping().then(
      async () => {
        if (!down) return;
        down = false;
        log.warn('database: reachable again');
        const resumed = await resumePaidOrders(deps, 0).catch((err) => {
          log.error({ err }, 'database: could not resume paid orders');
          return 0;
        });
        if (resumed > 0) log.info({ resumed }, 'fulfilment: resumed paid orders');
      },
      (err) => {
        if (!down) log.error({ err }, 'database: unreachable; health answers 503 until it is back');
        down = true;
      },
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Closes an app once its requests in flight are answered. Node closes idle keep-alive connections when the
 * server closes, but a connection busy then stays open after its answer for the keep-alive timeout (72 s), and
 * the close waits for it: so idle ones are closed again until the close is done. Requests arriving meanwhile on
 * an open connection are answered 503 with `Connection: close` by Fastify.
 */
const closeDraining = async (app: FastifyInstance) => {
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
};

/**
 * One server process: the site and staff apps, the job workers and the shared-state listeners. On SIGTERM or
 * SIGINT it stops taking connections, lets requests in flight and running jobs finish (jobs still running at
 * the deadline go back to the queue for another process), then exits.
 */
const serve = async (config: Config, options: { prepared: boolean; onListening: () => void }) => {
  const deps = await createDeps(config);
  const prepared = options.prepared
    ? null
    : await prepareDatabase(deps, pino({ level: config.logLevel, name: 'start', mixin: requestIdMixin }));
  const site = await buildApp(deps, 'site');
  const staff = await buildApp(deps, 'staff');
  const log = site.log;
  if (config.unsafeStaging.length > 0)
    log.warn({ unsafe: config.unsafeStaging }, 'ALLOW_UNSAFE_STAGING: unsafe production start (staging)');
  const stopListening = await deps.catalogue.listen();
  const stopOrderEvents = await deps.orderEvents.listen();
  const stopOutbox = startOutboxDelivery(deps, log);
  const stopWatching = watchDatabase(deps, log);
  const stopFulfilmentSweep = await startFulfilment(deps, log);
  const stopPushFanOutSweep = await startPushFanOut(deps, log);
  await deps.jobs.scheduleUsageSync(config.usageSyncCron, async () => {
    const result = await syncUsage(deps, log);
    log.info(result, 'usage sync');
  });
  await deps.jobs.scheduleCatalogueSync(catalogueSyncCron, async () => {
    const result = await runScheduledCatalogueSync(deps);
    log.info(result, 'catalogue sync');
  });
  // The sandbox's invented campaigns are demo data: never synced where there is none (production, ADR 0033).
  if (config.ads.provider === 'meta' || config.demoData)
    await deps.jobs.scheduleAdsSync(config.ads.syncCron, async () => {
      log.info(await runAdsSync(deps), 'ads sync');
    });
  await deps.jobs.scheduleClientErasure('30 3 * * *', async () => {
    log.info({ erased: await eraseExpiredClients(deps) }, 'client erasure');
  });
  await deps.jobs.scheduleEsimRelease('15 4 * * *', async () => {
    log.info(await runEsimReleaseJob(deps), 'unused eSIMs release');
  });

  await deps.jobs.scheduleOrderRollups('* * * * *', async () => {
    const days = await refreshAllOrderRollups(deps.db);
    if (days > 0) log.info({ days }, 'order rollups refreshed');
  });
  await deps.jobs.scheduleTrafficRollup('*/10 * * * *', async () => {
    await refreshTrafficRollups(deps, { days: 2 });
  });
  await deps.jobs.scheduleTrafficRollupNightly('45 3 * * *', async () => {
    log.info(await refreshTrafficRollups(deps, { days: 35 }), 'traffic roll-up');
  });

  await site.listen({ host: config.host, port: config.port });
  await staff.listen({ host: config.host, port: config.adminPort });
  if (prepared) console.log(banner(config, prepared));
  options.onListening();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing requests and jobs');
    // What is still open when the deadline passes is named in its log line: the place to look.
    const pending = new Set<string>();
    const step = async (name: string, work: () => Promise<unknown>) => {
      pending.add(name);
      try {
        await work();
      } finally {
        pending.delete(name);
      }
    };
    const deadline = setTimeout(() => {
      log.error({ pending: [...pending] }, 'shutdown: deadline passed, exiting with work unfinished');
      process.exit(1);
    }, config.runtime.shutdownTimeoutMs);
    deadline.unref();
    stopOutbox();
    stopWatching();
    stopFulfilmentSweep();
    stopPushFanOutSweep();
    // Requests and jobs finish side by side; jobs get most of the budget, the rest is for closing up.
    await Promise.allSettled([
      step('site requests', () => closeDraining(site)),
      step('staff requests', () => closeDraining(staff)),
      step('jobs', () => deps.jobs.stop(Math.max(1_000, config.runtime.shutdownTimeoutMs - 5_000))),
    ]);
    await step('catalogue listener', stopListening).catch(() => undefined);
    await step('order events listener', stopOrderEvents).catch(() => undefined);
    deps.redis?.disconnect();
    await step('database pool', () => deps.database.close()).catch(() => undefined);
    log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A stray rejection (a dropped connection surfacing in a library) is logged; it must not take the site down.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
};

/**
 * The cluster primary: prepares the database once, forks WEB_CONCURRENCY workers that share the ports, replaces
 * one that dies, passes SIGTERM/SIGINT on and exits when all have stopped. It answers the workers' metrics
 * requests with every worker's figures.
 */
const supervise = async (config: Config) => {
  const log = pino({ level: config.logLevel, name: 'primary', mixin: requestIdMixin });
  const prepared = await prepare(config);
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork({ ESIM_PREPARED: '1' });
    worker.on('message', (message: { type?: string; id?: string }) => {
      if (message?.type === 'esim:listening' && ++listening === config.runtime.processes)
        console.log(banner(config, prepared));
      if (message?.type !== 'esim:metrics-request') return;
      aggregator.clusterMetrics().then(
        (text) => worker.send({ type: 'esim:metrics', id: message.id, text }),
        (err: Error) => worker.send({ type: 'esim:metrics', id: message.id, error: err.message }),
      );
    });
    return worker;
  };
  for (let i = 0; i < config.runtime.processes; i++) fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'server process died; starting another');
    setTimeout(fork, 1_000).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping server processes');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), config.runtime.shutdownTimeoutMs + 5_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

/** The staging opt-in: said on every start, on stderr, what would stop a production start. */
const warnUnsafeStaging = (config: Config) => {
  if (config.unsafeStaging.length === 0) return;
  console.error(
    [
      '',
      '  !!! ALLOW_UNSAFE_STAGING is set: this APP_ENV=production instance is NOT safe for real customers !!!',
      ...config.unsafeStaging.map((p) => `  !!!   ${p}`),
      '',
    ].join('\n'),
  );
};

const start = async () => {
  const config = loadConfig();
  if (cluster.isPrimary) warnUnsafeStaging(config);
  if (cluster.isPrimary && config.runtime.processes > 1) return supervise(config);
  const prepared = cluster.isWorker && process.env.ESIM_PREPARED === '1';
  await serve(config, {
    prepared,
    onListening: () => process.send?.({ type: 'esim:listening' }),
  });
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
