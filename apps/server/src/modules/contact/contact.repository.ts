import { businesses, contactMessages, type Db } from '@esim/db';

export const insertBusinessApplication = async (db: Db, values: typeof businesses.$inferInsert) => {
  const [row] = await db.insert(businesses).values(values).returning();
  if (!row) throw new Error('insertBusinessApplication returned nothing');
  return row;
};

export const insertContactMessage = async (db: Db, values: typeof contactMessages.$inferInsert) => {
  const [row] = await db.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('insertContactMessage returned nothing');
  return row;
};
