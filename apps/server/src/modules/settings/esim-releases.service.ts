import type { Paged } from '@esim/contracts';
import { esimAllows } from '@esim/contracts/esim-lifecycle';
import type { EsimRelease, EsimReleasesQuery, FreeEsimsResult } from '@esim/contracts/staff';
import { packageNameOf } from '@esim/db';
import type { TFunction } from 'i18next';
import { EsimProviderError } from '../../adapters/esim/port';
import type { AppDeps } from '../../deps';
import { recordChange } from '../audit/audit.repository';
import { cancelEsimProfile, type EsimCancelDeps } from '../esims/esim-cancel.service';
import { isEsimUnused } from '../esims/esims.repository';
import {
  dropUsedPendingReleases,
  listEsimReleases as listEsimReleaseRows,
  listNewUnusedEsims,
  listPendingReleaseIds,
  lockRelease,
  markReleaseFreed,
  recordReleaseError,
} from './esim-releases.repository';
import { getGeneralOptions } from './settings.repository';

type ReleaseDeps = Pick<AppDeps, 'db'> & EsimCancelDeps;
const dayMs = 24 * 60 * 60 * 1000;

export const listEsimReleases = async (
  deps: Pick<AppDeps, 'db'>,
  query: EsimReleasesQuery,
): Promise<Paged<EsimRelease>> => {
  const { page, pageSize, ...filters } = query;
  const { rows, total } = await listEsimReleaseRows(deps.db, filters, { page, pageSize });
  return {
    items: rows.map((row) => ({
      id: row.id,
      iccid: row.iccid,
      owner: row.owner,
      packageName: packageNameOf(row),
      boughtAt: row.boughtAt.toISOString(),
      listedAt: row.listedAt.toISOString(),
      unusedDays: row.unusedDays,
      freedAt: row.freedAt?.toISOString() ?? null,
      reason: row.reason,
      freedBy: row.freedByFirst === null ? null : `${row.freedByFirst} ${row.freedByLast ?? ''}`.trim(),
      lastError: row.lastError,
    })),
    page,
    pageSize,
    total,
  };
};

type FreeOutcome = 'freed' | 'already' | 'used' | 'failed';

/**
 * Frees one listed eSIM at the provider (its cancel: an unused profile, refunded by the wholesaler), under the
 * row's and the eSIM's locks so it happens once however many click or run. An eSIM used since it was listed, or
 * that an order waits on now (a paid top-up), is not freed and leaves the list; a provider refusal is kept on the
 * row for staff to see and the row stays pending. The eSIM ends through the one cancel path (ADR 0091), which
 * tells its holder and buyer.
 */
const freeOne = async (
  deps: ReleaseDeps,
  id: string,
  freed: { reason: 'confirmed' | 'automatic'; freedBy: string | null },
): Promise<FreeOutcome> => {
  let providerError: string | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<FreeOutcome> => {
    const locked = await lockRelease(tx, id);
    if (!locked || locked.release.status === 'freed') return 'already';
    if (!esimAllows(locked.esim.status, 'end') || !(await isEsimUnused(tx, locked.esim.id))) return 'used';
    try {
      await cancelEsimProfile(deps, tx, locked.esim, { ended: 'freed', staffUserId: freed.freedBy });
    } catch (error) {
      if (!(error instanceof EsimProviderError)) throw error;
      providerError = error.message;
      return 'failed';
    }
    await markReleaseFreed(tx, locked.release, freed);
    if (freed.freedBy)
      await recordChange(tx, {
        staffUserId: freed.freedBy,
        action: 'esim.free',
        entityType: 'esim',
        entityId: locked.esim.id,
        before: { status: locked.esim.status },
        after: { status: 'freed' },
      });
    return 'freed';
  });
  if (providerError) await recordReleaseError(deps.db, id, providerError);
  return outcome;
};

/** Staff confirm: frees the chosen listed eSIMs; the answer says how many were freed and how many refused. */
export const freeEsims = async (
  deps: ReleaseDeps,
  input: { ids: string[]; staffUserId: string; t: TFunction },
): Promise<FreeEsimsResult> => {
  let freed = 0;
  let failed = 0;
  for (const id of new Set(input.ids)) {
    const outcome = await freeOne(deps, id, { reason: 'confirmed', freedBy: input.staffUserId });
    if (outcome === 'freed') freed += 1;
    if (outcome === 'failed') failed += 1;
  }
  await dropUsedPendingReleases(deps.db);
  return { message: input.t('admin:settings.esimsFreed', { count: freed, failed }), freed, failed };
};

/**
 * The daily job (ADR 0064): lists eSIMs unused for the configured days, drops listed ones used since, and
 * frees the pending ones when the setting says so. Idempotent: a second run the same day changes nothing.
 */
export const runEsimReleaseJob = async (deps: ReleaseDeps, now = new Date()) => {
  const options = await getGeneralOptions(deps.db);
  const days = options.freeUnusedEsimAfterDays;
  const dropped = (await dropUsedPendingReleases(deps.db)).length;
  const listed = await listNewUnusedEsims(deps.db, new Date(now.getTime() - days * dayMs), days);
  let freed = 0;
  if (options.freeUnusedEsimsAutomatically)
    for (const id of await listPendingReleaseIds(deps.db))
      if ((await freeOne(deps, id, { reason: 'automatic', freedBy: null })) === 'freed') freed += 1;
  return { listed, dropped, freed };
};
