/**
 * `npm run ads:sync -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]` (ads-sync-command.ts): reads the server's settings
 * (DATABASE_URL, ADS_PROVIDER, META_*…), migrates if needed and syncs. The sandbox's invented campaigns are demo
 * data, so with ADS_PROVIDER=sandbox it runs only where demo data is on, as the daily job does (ADR 0069).
 */
import { createDatabase } from '@esim/db';
import { loadConfig } from '../config';
import { createAdsProvider } from '../create-deps';
import { adsSyncUsage, runAdsSyncCommand } from './ads-sync-command';
import { runCommand } from './run-command';

const run = async () => {
  const config = loadConfig();
  if (config.ads.provider !== 'meta' && !config.demoData) {
    console.error(
      'No sync: ADS_PROVIDER is sandbox and demo data is off; set ADS_PROVIDER=meta with the META_* settings.',
    );
    return 1;
  }
  const database = await createDatabase(config.database);
  try {
    await database.migrate();
    const today = new Date().toISOString().slice(0, 10);
    const { message } = await runAdsSyncCommand(
      process.argv.slice(2),
      { db: database.db, ads: createAdsProvider(config.ads) },
      today,
    );
    console.log(message);
    return 0;
  } finally {
    await database.close();
  }
};

void runCommand(run, adsSyncUsage);
