import { orderKinds, orderStatuses } from '@esim/contracts';
import { bigint, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const rollupGrains = ['full', 'country', 'package', 'ad'] as const;
export type RollupGrain = (typeof rollupGrains)[number];

/**
 * Paid orders summed per UTC day of `paid_at` × kind × status × payment method × buyer country × package (ADR
 * 0072), with the succeeded refunds of those orders (a duplicate payment's refund left out, ADR 0049). The
 * analytics and package statistics read these instead of the orders. A day is always rebuilt whole from the
 * orders (`order_rollup_dirty_days` names the days to rebuild; triggers on orders and refunds fill it), so a
 * row is never adjusted by a delta and cannot drift.
 */
export const orderDailyRollups = pgTable(
  'order_daily_rollups',
  {
    /**
     * `full`: per country × package. `country`: the same summed over packages (package_id null), `package`:
     * summed over countries (country null). A chart of one key reads its own grain: a year of the full grain is
     * nearly a row per order on a busy catalogue, the other two a few rows a day. `ad`: only the orders that came
     * through an ad (ADR 0069), per `utm_campaign` instead of country and package (both null; ADR 0088).
     */
    grain: text('grain', { enum: rollupGrains }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: orderKinds }).notNull(),
    /** The order's status now; which statuses count is the contracts' rule, applied when reading. */
    status: text('status', { enum: orderStatuses }).notNull(),
    paymentMethod: text('payment_method', { enum: ['card', 'credits', 'gift_card', 'free'] }).notNull(),
    /** The buyer's country; null: not recorded. */
    country: text('country'),
    packageId: uuid('package_id'),
    /**
     * Grain `ad`: the orders' `utm_campaign` as it is matched to a campaign (lowercased, outer spaces trimmed), so
     * the campaign is looked up once per value when reading; null in the other grains and for orders without one.
     */
    utmCampaign: text('utm_campaign'),
    orders: integer('orders').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
    /** Orders of the row with at least one succeeded refund (an order lives on one day, so days add up). */
    refundedOrders: integer('refunded_orders').notNull(),
  },
  (t) => [
    index('order_daily_rollups_day_idx').on(t.grain, t.day),
    index('order_daily_rollups_package_idx').on(t.grain, t.packageId, t.day),
  ],
);

/** UTC days whose rollup rows no longer match the orders; written by triggers, emptied by the refresh. */
export const orderRollupDirtyDays = pgTable('order_rollup_dirty_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
});
