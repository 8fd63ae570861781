import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A staff member's named filters of one list (the list kit's "saved views"), e.g. "Blocked in Germany". */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list definition's id (`clients`, `failed-orders`). */
    listId: text('list_id').notNull(),
    name: text('name').notNull(),
    /** The list's URL state (search params without paging), as the list kit writes it. */
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_owner_list_name_unique').on(t.staffUserId, t.listId, t.name)],
);
