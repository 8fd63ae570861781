import { accountKinds, alertChannels, staffRoles } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  name: text('name', { enum: staffRoles }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A reseller. `credit_cents` (paid credit) and `bonus_cents` change only together with a `credit_ledger` row in
 * the same transaction, and never go below zero (the checks below; modules/credits).
 */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    logo: text('logo'),
    sellShopPrice: integer('sell_shop_price').notNull().default(0),
    status: text('status', { enum: ['pending_verification', 'active', 'suspended'] })
      .notNull()
      .default('pending_verification'),
    creditCents: integer('credit_cents').notNull().default(0),
    bonusCents: integer('bonus_cents').notNull().default(0),
    /**
     * The shop is told by e-mail when its credit + bonus falls under this after a purchase (set in its profile);
     * null: never. ADR 0020: once per crossing (armed again when the balance is back at or above it), at most
     * once a day.
     */
    lowBalanceThresholdCents: integer('low_balance_threshold_cents'),
    lowBalanceAlertArmed: boolean('low_balance_alert_armed').notNull().default(true),
    lowBalanceAlertedAt: timestamp('low_balance_alerted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The shop's own top-up bonus tiers (staff, manage shops); null: the settings' tiers. */
    bonusTiers: jsonb('bonus_tiers').$type<{ fromCents: number; percent: number }[]>(),
    /** Staff edits (status, sellShopPrice) check it as the record's version; balances do not touch it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('shops_credit_not_negative', sql`${t.creditCents} >= 0`),
    check('shops_bonus_not_negative', sql`${t.bonusCents} >= 0`),
  ],
);

/** One table for customers, shop users and staff; e-mail is unique per kind (DESIGN section 3). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: accountKinds }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    country: text('country'),
    locale: text('locale').notNull().default('sq'),
    /** How a customer wants the 60 % data notice: e-mail (default) or SMS. The 98 % notice is always an SMS. */
    alertChannel: text('alert_channel', { enum: alertChannels }).notNull().default('email'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roleId: smallint('role_id').references(() => roles.id),
    shopId: uuid('shop_id').references(() => shops.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_kind_email_unique').on(t.kind, t.email),
    uniqueIndex('users_kind_phone_unique').on(t.kind, t.phone).where(sql`${t.phone} is not null`),
    index('users_shop_idx').on(t.shopId),
    // Statistics, users by country (ADR 0068): customers registered in a range, counted from the index alone.
    index('users_customers_created_idx')
      .on(t.createdAt, t.country)
      .where(sql`${t.kind} = 'customer' and ${t.deletedAt} is null`),
    // The clients list filtered by country (ADR 0089), newest first as the list sorts by default.
    index('users_customers_country_idx')
      .on(t.country, t.createdAt)
      .where(sql`${t.kind} = 'customer' and ${t.deletedAt} is null`),
    // Staff search by part of an e-mail, phone or name (`ILIKE '%…%'`, ADR 0089): trigram indexes instead of
    // reading every account; the name's expression is the one the clients search writes.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);
