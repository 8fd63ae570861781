import { creditBuckets, creditEntryKinds } from '@esim/contracts/portal';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops, users } from './users';

/**
 * Every movement of a shop's money, one row per bucket moved (DESIGN section 3, ADR 0019). The shop's balance
 * columns change only in the transaction that inserts the row, and the row keeps both balances after it, so a
 * statement needs no sums over history: opening balance + entries = closing balance. `amount_cents` is signed
 * (a purchase is negative). `idempotency_key` is unique: a repeated webhook, return or retry adds nothing.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order; within one shop it follows `created_at` (rows are written under the shop's row lock). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: text('kind', { enum: creditEntryKinds }).notNull(),
    bucket: text('bucket', { enum: creditBuckets }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The order that caused it (a top-up, a purchase, its refund); null for a staff adjustment. */
    orderId: uuid('order_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    creditAfterCents: integer('credit_after_cents').notNull(),
    bonusAfterCents: integer('bonus_after_cents').notNull(),
    note: text('note'),
    /** Who caused it: the shop user (purchase), staff (adjustment), or null for the system (payment, refund). */
    userId: uuid('user_id').references(() => users.id),
    /** clock_timestamp(), taken under the shop's lock: never earlier than the shop's previous entry. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('credit_ledger_idempotency_unique').on(t.idempotencyKey),
    index('credit_ledger_shop_idx').on(t.shopId, t.createdAt),
    index('credit_ledger_shop_seq_idx').on(t.shopId, t.seq),
    index('credit_ledger_order_idx').on(t.orderId),
    check('credit_ledger_after_not_negative', sql`${t.creditAfterCents} >= 0 and ${t.bonusAfterCents} >= 0`),
    check('credit_ledger_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

/** A shop's end customer (SPEC section 3: name, lastname, email, country); owns the eSIMs the shop buys. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    name: text('name').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('subscribers_shop_idx').on(t.shopId, t.createdAt),
    index('subscribers_email_idx').on(t.shopId, t.email),
  ],
);
