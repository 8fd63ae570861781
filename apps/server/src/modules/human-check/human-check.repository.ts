import { type Db, humanProofs } from '@esim/db';
import { lt } from 'drizzle-orm';

/**
 * Records a solved challenge as spent; false when it was spent already (a replayed proof). Expired proofs are
 * swept in the same statement: one round trip on every signed-out order and form, not two.
 */
export const spendProof = async (db: Db, signature: string, expiresAt: Date) => {
  const swept = db
    .$with('swept')
    .as(
      db
        .delete(humanProofs)
        .where(lt(humanProofs.expiresAt, new Date()))
        .returning({ signature: humanProofs.signature }),
    );
  const inserted = await db
    .with(swept)
    .insert(humanProofs)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: humanProofs.signature });
  return inserted.length > 0;
};
