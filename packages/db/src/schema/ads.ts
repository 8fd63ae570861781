import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Ads synced from the ad platform (issue 33, ADR 0069): campaigns, ad sets and ads as the platform names them
 * (keyed by its ids), and one row of insights per ad and UTC day. A metric the platform did not report is null,
 * never 0; a sync replaces a day's rows, so running it twice changes nothing.
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['meta'] })
      .notNull()
      .default('meta'),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull(),
    objective: text('objective'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_campaigns_external_unique').on(t.platform, t.externalId)],
);

export const adSets = pgTable(
  'ad_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['meta'] })
      .notNull()
      .default('meta'),
    externalId: text('external_id').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id),
    name: text('name').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_sets_external_unique').on(t.platform, t.externalId)],
);

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: ['meta'] })
      .notNull()
      .default('meta'),
    externalId: text('external_id').notNull(),
    adSetId: uuid('ad_set_id')
      .notNull()
      .references(() => adSets.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id),
    name: text('name').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ads_external_unique').on(t.platform, t.externalId)],
);

/** One ad on one UTC day as the platform reported it; the campaign is repeated so a campaign's sums need no join. */
export const adInsightsDaily = pgTable(
  'ad_insights_daily',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id),
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id),
    spendCents: integer('spend_cents'),
    impressions: integer('impressions'),
    reach: integer('reach'),
    clicks: integer('clicks'),
    /** As reported for the day (cents per click, and a percentage); range figures are recomputed from the sums. */
    cpcCents: doublePrecision('cpc_cents'),
    ctrPercent: doublePrecision('ctr_percent'),
    purchases: integer('purchases'),
    purchaseValueCents: integer('purchase_value_cents'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'ad_insights_daily_pk', columns: [t.adId, t.day] }),
    index('ad_insights_daily_day_idx').on(t.day, t.campaignId),
  ],
);

/**
 * Meta's figures per UTC day and campaign (ADR 0078): the sums of that day's ad rows (a metric no row reported
 * stays null), rewritten for its range by every sync in the same transaction, so the summary and campaigns screens
 * read a few rows a day instead of every ad's day.
 */
export const adCampaignDays = pgTable(
  'ad_campaign_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => adCampaigns.id),
    spendCents: bigint('spend_cents', { mode: 'number' }),
    impressions: bigint('impressions', { mode: 'number' }),
    clicks: bigint('clicks', { mode: 'number' }),
    purchases: bigint('purchases', { mode: 'number' }),
    purchaseValueCents: bigint('purchase_value_cents', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'ad_campaign_days_pk', columns: [t.day, t.campaignId] })],
);

/**
 * Meta's figures per ad and calendar month (ADR 0088): the sums of the month's ad rows (a metric no row reported
 * stays null), rewritten for every month a sync's range touches in the same transaction, so the ads screen reads
 * whole months from here and only the partial months at a range's edges from `ad_insights_daily`.
 */
export const adMonths = pgTable(
  'ad_months',
  {
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id),
    spendCents: bigint('spend_cents', { mode: 'number' }),
    impressions: bigint('impressions', { mode: 'number' }),
    clicks: bigint('clicks', { mode: 'number' }),
    purchases: bigint('purchases', { mode: 'number' }),
    purchaseValueCents: bigint('purchase_value_cents', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'ad_months_pk', columns: [t.month, t.adId] })],
);

/** Each sync run (the daily job, a staff backfill, the command, the demo data): what it covered and wrote. */
export const adSyncs = pgTable(
  'ad_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromDay: date('from_day', { mode: 'string' }).notNull(),
    toDay: date('to_day', { mode: 'string' }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'staff', 'command', 'demo'] }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    result: jsonb('result').$type<Record<string, number>>(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ad_syncs_finished_idx').on(t.finishedAt).where(sql`${t.error} is null`)],
);
