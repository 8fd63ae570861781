import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { esims } from './orders';
import { users } from './users';

/** Key/value settings staff edit (general options, policies); values are JSON validated by contracts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every version of every staff-edited setting (ADR 0063): the general options (`subject` 'general', locale '')
 * and the privacy policy and terms per locale (`subject` 'privacy' | 'terms'). Written only by the settings
 * module's one write path, in the transaction that changes the current value; rows are never updated.
 */
export const settingVersions = pgTable(
  'setting_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject', { enum: ['general', 'privacy', 'terms'] }).notNull(),
    /** '' for the general options. */
    locale: text('locale').notNull().default(''),
    /** 1, 2, 3… per subject and locale. */
    version: integer('version').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    /** null for the first version (seeded); a deleted staff account leaves its versions without a name. */
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The version this one restored, when it is a restore. */
    restoredFromId: uuid('restored_from_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('setting_versions_unique').on(t.subject, t.locale, t.version)],
);

/**
 * eSIMs to be freed and freed ones (ADR 0064): the daily job lists an eSIM unused for the configured days once
 * (one row per eSIM), staff confirm (or the job frees it when set), and the row keeps when and why it was freed.
 */
export const esimReleases = pgTable(
  'esim_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    esimId: uuid('esim_id')
      .notNull()
      .references(() => esims.id),
    status: text('status', { enum: ['pending', 'freed'] })
      .notNull()
      .default('pending'),
    /** The setting's days when it was listed. */
    unusedDays: integer('unused_days').notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    freedAt: timestamp('freed_at', { withTimezone: true }),
    /** 'confirmed' by a staff member, or 'automatic' by the job. */
    reason: text('reason', { enum: ['confirmed', 'automatic'] }),
    freedBy: uuid('freed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The provider's last refusal, shown to staff; the row stays pending. */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('esim_releases_esim_unique').on(t.esimId),
    index('esim_releases_status_idx').on(t.status, t.listedAt),
  ],
);
