import type { Db } from '@esim/db';
import type { EsimProvider, WholesalePackage } from '../../adapters/esim/port';
import {
  deleteCoverage,
  insertCoverage,
  listCountryCodes,
  listRegionCodes,
  type NewPackageRow,
  retireProviderPackages,
  upsertProviderPackages,
} from './catalogue.repository';

/** Reseller price in credit cents: wholesale plus the resellers' margin, rounded up to the cent. */
export const resellerPriceCents = (wholesaleCents: number, markupPercent: number) =>
  Math.ceil((wholesaleCents * (100 + markupPercent)) / 100);

/** Retail price: wholesale plus markup, rounded up to the next .99 euro. */
export const retailPriceCents = (wholesaleCents: number, markupPercent: number) =>
  Math.max(99, Math.ceil((wholesaleCents * (1 + markupPercent / 100) + 1) / 100) * 100 - 1);

const sizeLabel = (dataMb: number | null) =>
  dataMb === null ? 'unlimited' : `${Math.round(dataMb / 1024)}gb`;

/** Readable, stable URL slug: de-5gb-30d, europe-10gb-30d, global-unlimited-7d. */
export const packageSlug = (pkg: WholesalePackage) => {
  const scope =
    pkg.scope === 'global'
      ? 'global'
      : pkg.scope === 'regional'
        ? (pkg.regionCode ?? `regional-${pkg.code}`)
        : (pkg.coverage[0]?.country ?? pkg.code);
  return `${scope}-${sizeLabel(pkg.dataMb)}-${pkg.validityDays}d`.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
};

type Coverage = WholesalePackage['coverage'];

/** The countries and regions we know (a package is sold only where we can show it). */
export const loadKnownPlaces = async (db: Db) => ({
  countries: new Set(await listCountryCodes(db)),
  regions: new Set(await listRegionCodes(db)),
});

/** The coverage we can sell (countries we know), or null: none left, or a region we do not know. */
export const knownCoverage = (
  pkg: WholesalePackage,
  places: Awaited<ReturnType<typeof loadKnownPlaces>>,
): Coverage | null => {
  const coverage = pkg.coverage.filter((c) => places.countries.has(c.country));
  return coverage.length === 0 || (pkg.regionCode && !places.regions.has(pkg.regionCode)) ? null : coverage;
};

/** Our package row for a provider's package: its shape as the provider gives it, with our slug and prices. */
export const providerPackageValues = (
  pkg: WholesalePackage,
  coverage: Coverage,
  ours: { slug: string; priceCents: number; resellerPriceCents: number; provider: string },
): NewPackageRow => ({
  slug: ours.slug,
  type: pkg.scope,
  name: pkg.name,
  countryCode: pkg.scope === 'local' ? (coverage[0]?.country ?? null) : null,
  regionCode: pkg.scope === 'regional' ? pkg.regionCode : null,
  dataMb: pkg.dataMb,
  validityDays: pkg.validityDays,
  wholesaleCents: pkg.wholesaleCents,
  priceCents: ours.priceCents,
  resellerPriceCents: ours.resellerPriceCents,
  topUpAllowed: pkg.topUpAllowed,
  activation: pkg.activation,
  provider: ours.provider,
  providerPackageCode: pkg.code,
  active: true,
});

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export type SyncResult = { upserted: number; deactivated: number; skipped: string[] };

/**
 * Maps the provider's wholesale list onto our packages (the same code for the sandbox and a real provider):
 * upserts by provider code, refreshes coverage, prices with the markup, and retires what the provider dropped.
 * Staff choices (popular, offer price) survive a sync. Runs in one transaction.
 */
export const syncCatalogue = async (
  db: Db,
  provider: Pick<EsimProvider, 'name' | 'listPackages'>,
  options: { markupPercent: number; resellerMarkupPercent?: number },
): Promise<SyncResult> => {
  const wholesale = await provider.listPackages();
  return db.transaction(async (tx) => {
    const places = await loadKnownPlaces(tx);
    const skipped: string[] = [];
    const accepted = wholesale.flatMap((pkg) => {
      const coverage = knownCoverage(pkg, places);
      if (!coverage) {
        skipped.push(pkg.code);
        return [];
      }
      return [{ pkg, coverage }];
    });
    const kept = accepted.map(({ pkg }) => pkg.code);
    // A few statements in all (not a few per package): the list has hundreds of packages.
    const idByCode = new Map<string, string>();
    for (const batch of chunk(accepted, 200)) {
      const rows = await upsertProviderPackages(
        tx,
        batch.map(({ pkg, coverage }) =>
          providerPackageValues(pkg, coverage, {
            slug: packageSlug(pkg),
            priceCents: retailPriceCents(pkg.wholesaleCents, options.markupPercent),
            resellerPriceCents: resellerPriceCents(pkg.wholesaleCents, options.resellerMarkupPercent ?? 20),
            provider: provider.name,
          }),
        ),
      );
      for (const row of rows) idByCode.set(row.code, row.id);
    }
    const ids = [...idByCode.values()];
    for (const batch of chunk(ids, 500)) await deleteCoverage(tx, batch);
    const coverageRows = accepted.flatMap(({ pkg, coverage }) =>
      coverage.map((c) => ({
        packageId: idByCode.get(pkg.code) ?? '',
        countryCode: c.country,
        operators: c.operators,
      })),
    );
    for (const batch of chunk(coverageRows, 1000)) await insertCoverage(tx, batch);
    const retired = await retireProviderPackages(tx, provider.name, kept);
    return { upserted: kept.length, deactivated: retired, skipped };
  });
};
