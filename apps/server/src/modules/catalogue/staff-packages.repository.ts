import type { PageQuery } from '@esim/contracts';
import type { HighlightList, StaffPackagesQuery } from '@esim/contracts/staff';
import { type Db, esimPackages, orders, packageCountries, packages } from '@esim/db';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';
import type { PackageRow } from './catalogue.repository';

export type StaffPackageFilters = Omit<StaffPackagesQuery, 'page' | 'pageSize'>;

const countryCount = sql<number>`(select count(*)::int from ${packageCountries} where ${packageCountries.packageId} = ${packages.id})`;
const notDeleted = isNull(packages.deletedAt);

const staffPackageList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ pkg: packages, countryCount, ...listFields })
      .from(packages)
      .$dynamic(),
  where: (filters: StaffPackageFilters) =>
    and(
      notDeleted,
      filters.type ? eq(packages.type, filters.type) : undefined,
      filters.state ? eq(packages.active, filters.state === 'active') : undefined,
      filters.reseller === 'listed' ? isNotNull(packages.resellerPriceCents) : undefined,
      filters.reseller === 'unlisted' ? isNull(packages.resellerPriceCents) : undefined,
      searchCondition(filters.q, [
        packages.name,
        packages.slug,
        packages.providerPackageCode,
        packages.countryCode,
        packages.regionCode,
      ]),
    ),
  sortColumns: {
    name: [packages.type, packages.name],
    priceCents: packages.priceCents,
    wholesaleCents: packages.wholesaleCents,
    validityDays: packages.validityDays,
    dataMb: packages.dataMb,
    updatedAt: packages.updatedAt,
  },
  tiebreak: packages.id,
  defaultSort: 'name',
});

/** One page of every package staff manage (deleted ones aside) and how many match. */
export const listStaffPackageRows = (db: Db, filters: StaffPackageFilters, page: PageQuery) =>
  staffPackageList.page(db, filters, page);

export type StaffPackageRow = { pkg: PackageRow; countryCount: number };

export const findStaffPackage = async (db: Db, id: string): Promise<StaffPackageRow | undefined> => {
  const [row] = await db
    .select({ pkg: packages, countryCount })
    .from(packages)
    .where(and(eq(packages.id, id), notDeleted))
    .limit(1);
  return row;
};

/** The packages a change is about, locked until its transaction ends (two staff editing at once queue). */
export const lockPackages = (tx: Db, ids: string[]) =>
  tx
    .select()
    .from(packages)
    .where(and(inArray(packages.id, ids), notDeleted))
    .orderBy(asc(packages.id))
    .for('update');

export const updatePackage = async (tx: Db, id: string, set: Partial<typeof packages.$inferInsert>) => {
  const [row] = await tx
    .update(packages)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(packages.id, id))
    .returning();
  return row;
};

/**
 * Orders of the package that are paid but not used up: paid and not yet fulfilled or under review, or on an
 * eSIM and still queued or running. Such a package stays (deactivated) for what they need from it.
 */
export const countUnusedOrders = async (db: Db, packageId: string) => {
  const [row] = await db
    .select({
      waiting: sql<number>`(select count(*)::int from ${orders} where ${orders.packageId} = ${packageId}
        and ${orders.fulfilmentStatus} in ('paid', 'for_review'))`,
      running: sql<number>`(select count(*)::int from ${esimPackages} where ${esimPackages.packageId} = ${packageId}
        and ${esimPackages.status} in ('queued', 'active'))`,
    })
    .from(sql`(select 1) as one`);
  return (row?.waiting ?? 0) + (row?.running ?? 0);
};

/** The home page's popular or offers packages, in staff's order (unplaced ones last, by name). */
export const listHighlightRows = (db: Db, list: HighlightList) =>
  db
    .select({ pkg: packages, countryCount })
    .from(packages)
    .where(
      and(notDeleted, list === 'popular' ? eq(packages.popular, true) : isNotNull(packages.offerPriceCents)),
    )
    .orderBy(
      sql`${list === 'popular' ? packages.popularPosition : packages.offerPosition} asc nulls last`,
      asc(packages.name),
      asc(packages.id),
    );

/** Writes a list's order in one statement: each id's position is its index. */
export const saveHighlightPositions = (tx: Db, list: HighlightList, ids: string[]) => {
  if (ids.length === 0) return Promise.resolve();
  const column = list === 'popular' ? 'popular_position' : 'offer_position';
  const positions = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  return tx.execute(
    sql`update ${packages} set ${sql.identifier(column)} = v.position, updated_at = now()
      from (values ${positions}) as v(id, position) where ${packages.id} = v.id`,
  );
};

/** Our packages of one provider by its codes, deleted ones included (a code is ours once). */
export const listProviderPackages = (db: Db, provider: string) =>
  db
    .select({
      id: packages.id,
      code: packages.providerPackageCode,
      name: packages.name,
      wholesaleCents: packages.wholesaleCents,
      priceCents: packages.priceCents,
      active: packages.active,
      deletedAt: packages.deletedAt,
    })
    .from(packages)
    .where(eq(packages.provider, provider));
