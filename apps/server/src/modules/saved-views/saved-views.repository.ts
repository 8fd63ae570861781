import { type Db, savedViews } from '@esim/db';
import { and, asc, eq } from 'drizzle-orm';

export type SavedViewRow = typeof savedViews.$inferSelect;

const ofOwner = (staffUserId: string, listId: string) =>
  and(eq(savedViews.staffUserId, staffUserId), eq(savedViews.listId, listId));

export const listSavedViews = (db: Db, staffUserId: string, listId: string) =>
  db.select().from(savedViews).where(ofOwner(staffUserId, listId)).orderBy(asc(savedViews.name));

/** Saves a view; the same name again replaces its filters (saving "my view" twice updates it). */
export const upsertSavedView = async (db: Db, values: typeof savedViews.$inferInsert) => {
  const [row] = await db
    .insert(savedViews)
    .values(values)
    .onConflictDoUpdate({
      target: [savedViews.staffUserId, savedViews.listId, savedViews.name],
      set: { query: values.query },
    })
    .returning();
  return row;
};

/** Deletes one of the owner's views; another person's view is not found. */
export const deleteSavedView = async (db: Db, staffUserId: string, viewId: string) =>
  (
    await db
      .delete(savedViews)
      .where(and(eq(savedViews.id, viewId), eq(savedViews.staffUserId, staffUserId)))
      .returning({ id: savedViews.id })
  ).length > 0;
