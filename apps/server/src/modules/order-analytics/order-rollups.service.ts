import type { Db } from '@esim/db';
import { hasDirtyDays, refreshOrderRollups } from './order-rollups.repository';

/**
 * Makes the rollups of a range (ISO dates, both counted) match the orders before they are read: the job keeps
 * them fresh, and a day changed since its last run is rebuilt here, so a screen never shows a stale figure.
 */
export const ensureOrderRollups = async (db: Db, from: string, to: string) => {
  if (await hasDirtyDays(db, from, to)) await refreshOrderRollups(db, { from, to });
};

/** The job's run: every day changed since the last run, rebuilt (a fresh database: every paid day). */
export const refreshAllOrderRollups = (db: Db) => refreshOrderRollups(db);
