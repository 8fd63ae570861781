import { type Db, packageCountries, packages } from '@esim/db';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { EsimProvider, WholesalePackage } from '../../adapters/esim/port';
import { listCountryCodes, listRegionCodes } from './catalogue.repository';

/** Retail price: wholesale plus markup, rounded up to the next .99 euro. */
export const retailPriceCents = (wholesaleCents: number, markupPercent: number) =>
  Math.max(99, Math.ceil((wholesaleCents * (1 + markupPercent / 100)) / 100) * 100 - 1);

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

export type SyncResult = { upserted: number; deactivated: number; skipped: string[] };

/**
 * Maps the provider's wholesale list onto our packages (the same code for the sandbox and a real provider):
 * upserts by provider code, refreshes coverage, prices with the markup, and retires what the provider dropped.
 * Staff choices (popular, offer price) survive a sync. Runs in one transaction.
 */
export const syncCatalogue = async (
  db: Db,
  provider: EsimProvider,
  options: { markupPercent: number },
): Promise<SyncResult> => {
  const wholesale = await provider.listPackages();
  return db.transaction(async (tx) => {
    const knownCountries = new Set(await listCountryCodes(tx));
    const knownRegions = new Set(await listRegionCodes(tx));
    const skipped: string[] = [];
    const kept: string[] = [];
    for (const pkg of wholesale) {
      const coverage = pkg.coverage.filter((c) => knownCountries.has(c.country));
      if (coverage.length === 0 || (pkg.regionCode && !knownRegions.has(pkg.regionCode))) {
        skipped.push(pkg.code);
        continue;
      }
      const values = {
        slug: packageSlug(pkg),
        type: pkg.scope,
        name: pkg.name,
        countryCode: pkg.scope === 'local' ? (coverage[0]?.country ?? null) : null,
        regionCode: pkg.scope === 'regional' ? pkg.regionCode : null,
        dataMb: pkg.dataMb,
        validityDays: pkg.validityDays,
        wholesaleCents: pkg.wholesaleCents,
        priceCents: retailPriceCents(pkg.wholesaleCents, options.markupPercent),
        topUpAllowed: pkg.topUpAllowed,
        activation: pkg.activation,
        provider: provider.name,
        providerPackageCode: pkg.code,
        active: true,
      };
      const [row] = await tx
        .insert(packages)
        .values(values)
        .onConflictDoUpdate({
          target: [packages.provider, packages.providerPackageCode],
          set: { ...values, slug: sql`${packages.slug}`, updatedAt: new Date() },
        })
        .returning({ id: packages.id });
      if (!row) throw new Error(`catalogue sync: upsert of ${pkg.code} returned nothing`);
      await tx.delete(packageCountries).where(eq(packageCountries.packageId, row.id));
      await tx
        .insert(packageCountries)
        .values(coverage.map((c) => ({ packageId: row.id, countryCode: c.country, operators: c.operators })));
      kept.push(pkg.code);
    }
    const retired = await tx
      .update(packages)
      .set({ active: false, updatedAt: new Date() })
      .where(
        and(
          eq(packages.provider, provider.name),
          eq(packages.active, true),
          kept.length > 0 ? notInArray(packages.providerPackageCode, kept) : undefined,
        ),
      )
      .returning({ id: packages.id });
    return { upserted: kept.length, deactivated: retired.length, skipped };
  });
};
