import { countries, type Db, packageCountries, packages, regionCountries, regions } from '@esim/db';
import { and, eq, isNull } from 'drizzle-orm';

export const listCountryCodes = async (db: Db) =>
  (await db.select({ code: countries.code }).from(countries)).map((r) => r.code);

export const listRegionCodes = async (db: Db) =>
  (await db.select({ code: regions.code }).from(regions)).map((r) => r.code);

export type PackageRow = typeof packages.$inferSelect;
export type CoverageRow = typeof packageCountries.$inferSelect;

/** Everything the public catalogue shows, in four queries (it is small: hundreds of packages). */
export const loadCatalogueRows = async (db: Db) => {
  const [packageRows, coverageRows, countryRows, regionRows, memberRows] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(and(eq(packages.active, true), isNull(packages.deletedAt))),
    db
      .select({
        packageId: packageCountries.packageId,
        countryCode: packageCountries.countryCode,
        operators: packageCountries.operators,
      })
      .from(packageCountries)
      .innerJoin(packages, eq(packages.id, packageCountries.packageId))
      .where(and(eq(packages.active, true), isNull(packages.deletedAt))),
    db.select().from(countries),
    db.select().from(regions),
    db.select().from(regionCountries),
  ]);
  return { packageRows, coverageRows, countryRows, regionRows, memberRows };
};
export type CatalogueRows = Awaited<ReturnType<typeof loadCatalogueRows>>;
