import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who on staff changed what, when (DESIGN section 3): one row per change, written in the transaction that makes
 * the change, with the record's fields before and after it. Rows are never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    /** What was done, e.g. `customer.block` (contracts/audit.ts). */
    action: text('action').notNull(),
    /** The kind of record (`customer`, `shop`, …) and its id. */
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_staff_idx').on(t.staffUserId, t.createdAt),
  ],
);
