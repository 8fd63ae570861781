import { type Db, orders, shops, users } from '@esim/db';
import { and, eq } from 'drizzle-orm';

/**
 * Deletes a user (sessions and tokens cascade) and the shop it belonged to. A shop with money history (orders,
 * ledger rows: a ledger is never deleted) is kept, suspended, so nobody can use it any more.
 */
export const deleteTestUser = async (db: Db, userId: string) => {
  const [user] = await db.delete(users).where(eq(users.id, userId)).returning();
  if (!user?.shopId) return;
  const shopId = user.shopId;
  try {
    await db.transaction((tx) => tx.delete(shops).where(eq(shops.id, shopId)));
  } catch {
    await db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, shopId));
  }
};

/** Deletes an order that is still failed; a retried one may have an eSIM by now and stays. */
export const deleteFailedTestOrder = (db: Db, orderId: string) =>
  db.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'failed')));
