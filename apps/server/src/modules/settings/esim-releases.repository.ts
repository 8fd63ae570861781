import type { PageQuery } from '@esim/contracts';
import type { EsimReleasesQuery } from '@esim/contracts/staff';
import { type Db, esimReleases, esims, orders, users } from '@esim/db';
import { and, eq, isNull, lte, notExists, sql } from 'drizzle-orm';
import { defineListQuery, likePattern } from '../../lib/list-query';
import { unusedEsimCondition } from '../esims/esims.repository';

export type EsimReleaseFilters = Omit<EsimReleasesQuery, 'page' | 'pageSize'>;

/** An eSIM nobody used (the lifecycle's rule, ADR 0091) bought at least `days` ago (`cutoff`). */
const unusedSince = (cutoff: Date) => and(unusedEsimCondition(), lte(esims.createdAt, cutoff));

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

/** Pending rows whose eSIM was installed or used since it was listed, or that an order waits on now. */
export const dropUsedPendingReleases = (db: Db) =>
  db
    .delete(esimReleases)
    .where(
      and(
        eq(esimReleases.status, 'pending'),
        notExists(
          db
            .select({ id: esims.id })
            .from(esims)
            .where(and(eq(esims.id, esimReleases.esimId), unusedEsimCondition())),
        ),
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

/** The release's side of freeing (the eSIM itself ends through `esims/esim-cancel.service.ts`). */
export const markReleaseFreed = (
  tx: Db,
  release: { id: string },
  freed: { reason: 'confirmed' | 'automatic'; freedBy: string | null },
) =>
  tx
    .update(esimReleases)
    .set({ status: 'freed', freedAt: sql`now()`, lastError: null, ...freed })
    .where(eq(esimReleases.id, release.id));

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
