import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A login session. Access tokens carry (session id, version); refresh bumps the version and lets the previous
 * one live for a short grace period so parallel requests finish (DESIGN section 5).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    refreshUntil: timestamp('refresh_until', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use tokens sent by e-mail (password reset, e-mail verification, e-mail change and its cancel link); only
 * their hash is stored. `email` is the address an e-mail-change token is about: the new one for
 * `email_change`, the one it replaces for `email_change_cancel` (ADR 0018).
 */
export const userTokenPurposes = [
  'password_reset',
  'email_verification',
  'email_change',
  'email_change_cancel',
] as const;
export type UserTokenPurpose = (typeof userTokenPurposes)[number];

export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Spent human-verification proofs, so one solution cannot be replayed. */
export const humanProofs = pgTable('human_proofs', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
