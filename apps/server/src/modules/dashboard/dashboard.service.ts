import type { StaffDashboard } from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import {
  attentionCounts,
  countActiveEsims,
  newCustomersSince,
  paidOrderFigures,
  revenueByDay,
} from './dashboard.repository';

const dayMs = 86_400_000;
const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const figuresSince = async (db: Db, since: Date) => ({
  ...(await paidOrderFigures(db, since)),
  newCustomers: await newCustomersSince(db, since),
});

/**
 * The home screen's figures. Periods end now and start at 00:00 UTC today, 6 and 29 days before (so "7 days"
 * includes today); the chart compares each of the last 30 days with the day 30 days earlier.
 */
export const getDashboard = async (deps: { db: Db }, now = new Date()): Promise<StaffDashboard> => {
  const today = startOfUtcDay(now);
  const days30 = new Date(today.getTime() - 29 * dayMs);
  const [todayFigures, days7Figures, days30Figures, activeEsims, byDay, attention] = await Promise.all([
    figuresSince(deps.db, today),
    figuresSince(deps.db, new Date(today.getTime() - 6 * dayMs)),
    figuresSince(deps.db, days30),
    countActiveEsims(deps.db),
    revenueByDay(deps.db, new Date(days30.getTime() - 30 * dayMs)),
    attentionCounts(deps.db),
  ]);
  const revenue = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(days30.getTime() + i * dayMs);
    return {
      date: isoDay(day),
      revenueCents: byDay.get(isoDay(day)) ?? 0,
      previousCents: byDay.get(isoDay(new Date(day.getTime() - 30 * dayMs))) ?? 0,
    };
  });
  return {
    periods: { today: todayFigures, days7: days7Figures, days30: days30Figures },
    activeEsims,
    revenueByDay: revenue,
    attention,
  };
};
