import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * First-party page views (issue 33, ADR 0066), sent by the site only after the visitor accepted statistics
 * cookies. No IP address is kept: the country is looked up when the view arrives and only the country stored.
 */
export const trafficPageViews = pgTable(
  'traffic_page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the server received it (the browser's clock is not trusted). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** A random id the browser keeps for the visit (30 minutes idle, or a new campaign, start a new one). */
    sessionId: uuid('session_id').notNull(),
    /** The page's path, without its query. */
    path: text('path').notNull(),
    locale: text('locale').notNull(),
    /** ISO 3166 alpha-2 from our own geo lookup; null when unknown. */
    country: text('country'),
    /** The session's source (`trafficSourceOf`): every page of a visit counts for where the visit came from. */
    source: text('source').notNull(),
    medium: text('medium'),
    campaign: text('campaign'),
    referrerHost: text('referrer_host'),
    /** The session's first page (path). */
    landingPage: text('landing_page').notNull(),
    /** The first page of its session: a session is counted once, on the day it started. */
    entry: boolean('entry').notNull(),
  },
  (t) => [index('traffic_page_views_occurred_idx').on(t.occurredAt)],
);

const measures = {
  /** Page views. */
  visits: integer('visits').notNull().default(0),
  /** Sessions that started that day. */
  sessions: integer('sessions').notNull().default(0),
  /** Orders counted as sales by ADR 0049, on the UTC day they were paid. */
  orders: integer('orders').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
};

/**
 * Daily roll-up by source, campaign and landing page (ADR 0066), rebuilt per day by the traffic roll-up job; the
 * statistics screens read only these. Empty text, not null, stands for "none" so the key can be primary.
 */
export const trafficDaily = pgTable(
  'traffic_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull().default(''),
    landingPage: text('landing_page').notNull().default(''),
    ...measures,
  },
  (t) => [
    primaryKey({ columns: [t.day, t.source, t.campaign, t.landingPage] }),
    index('traffic_daily_source_idx').on(t.source, t.day),
  ],
);

/** Daily roll-up by visitor country ('' unknown), for the countries screen. */
export const trafficDailyCountries = pgTable(
  'traffic_daily_countries',
  {
    day: date('day', { mode: 'string' }).notNull(),
    country: text('country').notNull().default(''),
    ...measures,
  },
  (t) => [primaryKey({ columns: [t.day, t.country] })],
);

/** When the roll-up job last ran and which days it rebuilt (the screens say "figures as of"). */
export const trafficRollupRuns = pgTable('traffic_rollup_runs', {
  id: text('id').primaryKey(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().default(sql`now()`),
  /** The days the last run rebuilt. */
  fromDay: date('from_day', { mode: 'string' }).notNull(),
  toDay: date('to_day', { mode: 'string' }).notNull(),
});
