import type { Db } from '@esim/db';
import { addDays } from '../order-analytics/order-analytics';
import { firstTrafficDay, rebuildTrafficDays } from './traffic.repository';

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Rebuilds the traffic roll-ups (ADR 0066) for the last `days` UTC days up to today: the frequent run keeps today
 * and yesterday current (2), the nightly one picks up late changes to older orders (35). `days: 'all'` starts at
 * the first page view or paid order (after a restore or the first deployment).
 */
export const refreshTrafficRollups = async (
  deps: { db: Db },
  options: { days: number | 'all'; now?: Date },
) => {
  const to = isoDay(options.now ?? new Date());
  const from =
    options.days === 'all' ? ((await firstTrafficDay(deps.db)) ?? to) : addDays(to, 1 - options.days);
  await rebuildTrafficDays(deps.db, from <= to ? from : to, to);
  return { from, to };
};
