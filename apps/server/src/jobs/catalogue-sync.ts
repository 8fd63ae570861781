import { seedCatalogueHighlights, seedCatalogueReference } from '@esim/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { countPackages } from '../modules/catalogue/catalogue.repository';
import { syncCatalogue } from '../modules/catalogue/catalogue-sync.service';
import { diffCatalogue } from '../modules/catalogue/staff-packages.service';
import { getGeneralOptions } from '../modules/settings/settings.repository';

/** Pulls the provider's price list into our packages and refreshes the in-memory catalogue. */
export const runCatalogueSync = async (deps: AppDeps) => {
  const { catalogueMarkupPercent, resellerMarkupPercent } = await getGeneralOptions(deps.db);
  const result = await syncCatalogue(deps.db, deps.esimProvider, {
    markupPercent: catalogueMarkupPercent,
    resellerMarkupPercent,
  });
  deps.catalogue.invalidate();
  return result;
};

/**
 * The scheduled sync: applies the provider's list when the setting `catalogueSyncAutoApply` says so; otherwise
 * it only reports what applying would change, and staff apply it from the packages screen (issue 32).
 */
export const runScheduledCatalogueSync = async (deps: AppDeps) => {
  const { catalogueSyncAutoApply } = await getGeneralOptions(deps.db);
  if (catalogueSyncAutoApply) return { applied: true, ...(await runCatalogueSync(deps)) };
  const diff = await diffCatalogue(deps);
  return {
    applied: false,
    added: diff.added.length,
    changedCost: diff.changedCost.length,
    dropped: diff.dropped.length,
  };
};

/** First start: reference data, the first sync and the demo favourites; later starts change nothing. */
export const ensureCatalogue = async (deps: AppDeps, log: FastifyBaseLogger) => {
  await seedCatalogueReference(deps.db);
  if ((await countPackages(deps.db)) > 0) return;
  const result = await runCatalogueSync(deps);
  await seedCatalogueHighlights(deps.db);
  deps.catalogue.invalidate();
  log.info(result, 'catalogue synced from the eSIM provider');
};
