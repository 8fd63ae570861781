import { demoAccounts, demoPassword, seedDemo, seedDemoEsims } from '@esim/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDeps } from './create-deps';
import { ensureCatalogue, startCatalogueSync } from './jobs/catalogue-sync';
import { startFulfilment } from './jobs/fulfilment';
import { startOutboxDelivery } from './jobs/outbox-delivery';
import { syncUsage } from './modules/usage/usage.service';

const start = async () => {
  const config = loadConfig();
  if (config.unsafeStaging.length > 0) {
    // The staging opt-in: say on every start, on stderr and in the log, what would stop a production start.
    const banner = [
      '',
      '  !!! ALLOW_UNSAFE_STAGING is set: this APP_ENV=production instance is NOT safe for real customers !!!',
      ...config.unsafeStaging.map((p) => `  !!!   ${p}`),
      '',
    ].join('\n');
    console.error(banner);
  }
  const deps = await createDeps(config);
  await deps.database.migrate();
  const seeded = await seedDemo(deps.db);

  const site = await buildApp(deps, 'site');
  const staff = await buildApp(deps, 'staff');
  await ensureCatalogue(deps, site.log);
  if (seeded) await seedDemoEsims(deps.db);
  const stopOutbox = startOutboxDelivery(deps, site.log);
  const stopCatalogueSync = startCatalogueSync(deps, site.log);
  const stopFulfilmentSweep = await startFulfilment(deps, site.log);
  await deps.jobs.scheduleUsageSync(config.usageSyncCron, async () => {
    const result = await syncUsage(deps, site.log);
    site.log.info(result, 'usage sync');
  });

  if (config.unsafeStaging.length > 0)
    site.log.warn(
      { unsafe: config.unsafeStaging },
      'ALLOW_UNSAFE_STAGING: unsafe production start (staging)',
    );
  await site.listen({ host: config.host, port: config.port });
  await staff.listen({ host: config.host, port: config.adminPort });

  const where =
    config.database.driver === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `  Site, customer dashboard and portal: ${config.siteUrl}`,
    `  Staff dashboard:                     ${config.adminUrl}`,
    `  API docs:                            ${config.siteUrl}/api/docs`,
    ...(config.mail.devMailbox
      ? [`  Dev mailbox (sent e-mails):          ${config.siteUrl}/dev/mailbox`]
      : []),
    `  Database:                            ${where}${seeded ? ' (demo data seeded now)' : ''}`,
    '',
    `  Demo accounts (password: ${demoPassword})`,
    ...demoAccounts.map(
      (a) =>
        `    ${a.area.padEnd(20)} ${a.email.padEnd(22)} ${a.url.replace('http://localhost:3000', config.siteUrl).replace('http://localhost:3001', config.adminUrl)}`,
    ),
    '',
  ];
  console.log(lines.join('\n'));

  const shutdown = async (signal: string) => {
    site.log.info({ signal }, 'shutting down');
    stopOutbox();
    stopCatalogueSync();
    stopFulfilmentSweep();
    await Promise.allSettled([site.close(), staff.close()]);
    await deps.jobs.stop();
    await deps.database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
};

start().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
