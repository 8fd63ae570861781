import { orderEventActors, orderEventKinds } from '@esim/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * An order's timeline (issue 31, ADR 0031): one row per thing that happened to an order — a state change, a
 * payment attempt, a webhook, a call to the eSIM provider, a message queued, a staff action — written in the
 * transaction of the change it records. `detail` is small and shaped per kind (contracts: orderEventDetail).
 * Rows are never updated or deleted. Orders older than this table have no rows: their timeline is synthesised.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The moment of the statement, not of the transaction: events of one transaction keep their order. */
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    kind: text('kind', { enum: orderEventKinds }).notNull(),
    /** Who made it happen: the buyer, a shop, a staff member (`staff_user_id`), a provider, or the system. */
    actor: text('actor', { enum: orderEventActors }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** Set when the same event may be recorded twice (a webhook replay, a re-rendered e-mail): stored once. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at),
    uniqueIndex('order_events_dedupe_unique')
      .on(t.orderId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);
