import type { PageQuery } from '@esim/contracts';
import type { EsimReleasesQuery } from '@esim/contracts/staff';
import { type Db, esimPackages, esimReleases, esims, orders, users } from '@esim/db';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { defineListQuery, likePattern } from '../../lib/list-query';

export type EsimReleaseFilters = Omit<EsimReleasesQuery, 'page' | 'pageSize'>;

/**
 * An eSIM nobody used: never installed, no data used on any of its packages, bought at least `days` ago, not
 * listed before. (`now` is a parameter so a test can run the job "days later".)
 */
const unusedSince = (cutoff: Date) =>
  and(
    eq(esims.status, 'ready'),
    eq(esims.installCount, 0),
    lte(esims.createdAt, cutoff),
    sql`not exists (select 1 from ${esimPackages} where ${esimPackages.esimId} = ${esims.id}
      and (${esimPackages.dataUsedMb} > 0 or ${esimPackages.activatedAt} is not null))`,
  );

/** Lists every unused eSIM once (one row per eSIM: a second run, or two processes at once, add nothing). */
export const listNewUnusedEsims = async (db: Db, cutoff: Date, unusedDays: number) => {
  const candidates = await db
    .select({ id: esims.id })
    .from(esims)
    .leftJoin(esimReleases, eq(esimReleases.esimId, esims.id))
    .where(and(isNull(esimReleases.id), unusedSince(cutoff)));
  if (candidates.length === 0) return 0;
  const inserted = await db
    .insert(esimReleases)
    .values(candidates.map((c) => ({ esimId: c.id, unusedDays })))
    .onConflictDoNothing()
    .returning({ id: esimReleases.id });
  return inserted.length;
};

/** Pending rows whose eSIM was installed or used since it was listed: no longer to be freed. */
export const dropUsedPendingReleases = (db: Db) =>
  db
    .delete(esimReleases)
    .where(
      and(
        eq(esimReleases.status, 'pending'),
        sql`not exists (select 1 from ${esims} where ${esims.id} = ${esimReleases.esimId}
          and ${esims.status} = 'ready' and ${esims.installCount} = 0 and not exists (
            select 1 from ${esimPackages} where ${esimPackages.esimId} = ${esims.id}
              and (${esimPackages.dataUsedMb} > 0 or ${esimPackages.activatedAt} is not null)))`,
      ),
    )
    .returning({ id: esimReleases.id });

export const listPendingReleaseIds = async (db: Db) =>
  (await db.select({ id: esimReleases.id }).from(esimReleases).where(eq(esimReleases.status, 'pending'))).map(
    (row) => row.id,
  );

/** The release and its eSIM under row locks: two staff (or the job and a staff member) free it once. */
export const lockRelease = async (tx: Db, id: string) =>
  (
    await tx
      .select({ release: esimReleases, esim: esims })
      .from(esimReleases)
      .innerJoin(esims, eq(esims.id, esimReleases.esimId))
      .where(eq(esimReleases.id, id))
      .for('update')
      .limit(1)
  )[0];

export const markReleaseFreed = async (
  tx: Db,
  release: { id: string; esimId: string },
  freed: { reason: 'confirmed' | 'automatic'; freedBy: string | null },
) => {
  await tx
    .update(esimReleases)
    .set({ status: 'freed', freedAt: sql`now()`, lastError: null, ...freed })
    .where(eq(esimReleases.id, release.id));
  await tx.update(esims).set({ status: 'freed' }).where(eq(esims.id, release.esimId));
  // Its packages were never used; cancelled with the profile.
  await tx
    .update(esimPackages)
    .set({ status: 'deleted' })
    .where(and(eq(esimPackages.esimId, release.esimId), inArray(esimPackages.status, ['queued', 'active'])));
};

export const recordReleaseError = (db: Db, id: string, message: string) =>
  db
    .update(esimReleases)
    .set({ lastError: message.slice(0, 500) })
    .where(eq(esimReleases.id, id));

const freedByUser = users;

const releaseList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        id: esimReleases.id,
        iccid: esims.iccid,
        owner: sql<string>`coalesce(${orders.buyerEmail}, '')`,
        packageSnapshot: orders.packageSnapshot,
        boughtAt: esims.createdAt,
        listedAt: esimReleases.listedAt,
        unusedDays: esimReleases.unusedDays,
        freedAt: esimReleases.freedAt,
        reason: esimReleases.reason,
        freedByFirst: freedByUser.firstName,
        freedByLast: freedByUser.lastName,
        lastError: esimReleases.lastError,
        ...listFields,
      })
      .from(esimReleases)
      .innerJoin(esims, eq(esims.id, esimReleases.esimId))
      .leftJoin(orders, eq(orders.id, esims.orderId))
      .leftJoin(freedByUser, eq(freedByUser.id, esimReleases.freedBy))
      .$dynamic(),
  where: (filters: EsimReleaseFilters) =>
    and(
      eq(esimReleases.status, filters.status),
      filters.q
        ? sql`exists (select 1 from ${esims} e where e.id = ${esimReleases.esimId} and e.iccid ilike ${likePattern(filters.q)})`
        : undefined,
    ),
  sortColumns: { listedAt: esimReleases.listedAt, freedAt: esimReleases.freedAt },
  tiebreak: esimReleases.id,
  defaultSort: '-listedAt',
});

export const listEsimReleases = (db: Db, filters: EsimReleaseFilters, page: PageQuery) =>
  releaseList.page(db, filters, page);
