import type { PageQuery } from '@esim/contracts';
import { minimumMarginPercent } from '@esim/contracts/staff';
import { countries, type Db, packageCountries, packages, regionCountries, regions } from '@esim/db';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export const listCountryCodes = async (db: Db) =>
  (await db.select({ code: countries.code }).from(countries)).map((r) => r.code);

export const listRegionCodes = async (db: Db) =>
  (await db.select({ code: regions.code }).from(regions)).map((r) => r.code);

export type PackageRow = typeof packages.$inferSelect;
export type NewPackageRow = typeof packages.$inferInsert;
export type CoverageRow = typeof packageCountries.$inferSelect;

/** A package a buyer may order: active and not deleted. */
const sellable = and(eq(packages.active, true), isNull(packages.deletedAt));

export const findSellablePackageBySlug = async (db: Db, slug: string) => {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.slug, slug), sellable))
    .limit(1);
  return row;
};

/** The package an order was priced with, if it is still on sale (a retried payment must not sell one taken off). */
export const findSellablePackageById = async (db: Db, id: string) => {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), sellable))
    .limit(1);
  return row;
};

/** The packages one provider sells now (what a top-up may choose from). */
export const listSellablePackages = (db: Db, filters: { provider: string }) =>
  db
    .select()
    .from(packages)
    .where(and(eq(packages.provider, filters.provider), sellable));

export const findPackageById = async (db: Db, id: string) => {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row;
};

export const countPackages = (db: Db) => db.$count(packages);

/** Everything the public catalogue shows, in four queries (it is small: hundreds of packages). */
export const loadCatalogueRows = async (db: Db) => {
  const [packageRows, coverageRows, countryRows, regionRows, memberRows] = await Promise.all([
    db.select().from(packages).where(sellable),
    db
      .select({
        packageId: packageCountries.packageId,
        countryCode: packageCountries.countryCode,
        operators: packageCountries.operators,
      })
      .from(packageCountries)
      .innerJoin(packages, eq(packages.id, packageCountries.packageId))
      .where(sellable),
    db.select().from(countries),
    db.select().from(regions),
    db.select().from(regionCountries),
  ]);
  return { packageRows, coverageRows, countryRows, regionRows, memberRows };
};
export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;

/**
 * Inserts or refreshes the provider's packages by provider code. The slug stays as first published (URLs); staff
 * choices (popular, offer price, active, the price and reseller price) are not touched, except that a price a
 * higher cost has pushed below the minimum margin takes the markup's price again (ADR 0052).
 */
export const upsertProviderPackages = (db: Db, values: NewPackageRow[]) =>
  db
    .insert(packages)
    .values(values)
    .onConflictDoUpdate({
      target: [packages.provider, packages.providerPackageCode],
      set: {
        type: sql`excluded.type`,
        name: sql`excluded.name`,
        countryCode: sql`excluded.country_code`,
        regionCode: sql`excluded.region_code`,
        dataMb: sql`excluded.data_mb`,
        validityDays: sql`excluded.validity_days`,
        wholesaleCents: sql`excluded.wholesale_cents`,
        priceCents: sql`case when packages.price_cents * 100 < excluded.wholesale_cents * ${100 + minimumMarginPercent}
          then excluded.price_cents else packages.price_cents end`,
        resellerPriceCents: sql`case when packages.reseller_price_cents < excluded.wholesale_cents
          then excluded.reseller_price_cents else packages.reseller_price_cents end`,
        topUpAllowed: sql`excluded.top_up_allowed`,
        activation: sql`excluded.activation`,
        updatedAt: new Date(),
      },
    })
    .returning({ id: packages.id, code: packages.providerPackageCode });

export const deleteCoverage = (db: Db, packageIds: string[]) =>
  db.delete(packageCountries).where(inArray(packageCountries.packageId, packageIds));

export const insertCoverage = (db: Db, rows: (typeof packageCountries.$inferInsert)[]) =>
  db.insert(packageCountries).values(rows);

/** Deactivates the provider's packages it no longer lists; returns how many. */
export const retireProviderPackages = async (db: Db, provider: string, keptCodes: string[]) => {
  const retired = await db
    .update(packages)
    .set({ active: false, updatedAt: new Date() })
    .where(
      and(
        eq(packages.provider, provider),
        eq(packages.active, true),
        keptCodes.length > 0 ? notInArray(packages.providerPackageCode, keptCodes) : undefined,
      ),
    )
    .returning({ id: packages.id });
  return retired.length;
};

export type ResellerPackageFilters = { type?: PackageRow['type']; q?: string };

/** The reseller price list (portal "All packages"): sellable packages with a reseller price, by type and name. */
const resellerPackageList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ pkg: packages, ...listFields })
      .from(packages)
      .$dynamic(),
  where: (filters: ResellerPackageFilters) =>
    and(
      sellable,
      sql`${packages.resellerPriceCents} is not null`,
      filters.type ? eq(packages.type, filters.type) : undefined,
      searchCondition(filters.q, [packages.name, packages.slug]),
    ),
  sortColumns: { name: [packages.type, packages.name] },
  tiebreak: packages.id,
  defaultSort: 'name',
});

/** One page of the reseller price list and how many packages match. */
export const listResellerPackages = (db: Db, filters: ResellerPackageFilters, page: PageQuery) =>
  resellerPackageList.page(db, filters, page);
