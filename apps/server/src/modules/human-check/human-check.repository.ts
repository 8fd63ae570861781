import { type Db, humanProofs } from '@esim/db';
import { lt } from 'drizzle-orm';

export const deleteExpiredProofs = (db: Db) =>
  db.delete(humanProofs).where(lt(humanProofs.expiresAt, new Date()));

/** Records a solved challenge as spent; false when it was spent already (a replayed proof). */
export const spendProof = async (db: Db, signature: string, expiresAt: Date) => {
  const inserted = await db
    .insert(humanProofs)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: humanProofs.signature });
  return inserted.length > 0;
};
