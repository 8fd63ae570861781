import { adminOrderPurposes } from '@esim/contracts/staff';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * An order staff created (issue 31, ADR 0043): who made it, for what purpose and why. One row per admin order,
 * written in the transaction that creates the order. `idempotency_key` is the form's key: a double submit by
 * the same staff member finds the first order instead of making a second.
 */
export const adminOrders = pgTable(
  'admin_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: adminOrderPurposes }).notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_orders_staff_key_unique').on(t.staffUserId, t.idempotencyKey),
    index('admin_orders_created_idx').on(t.createdAt),
  ],
);
