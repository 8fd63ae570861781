import type { BusinessType } from '@esim/contracts';
import { auditLog, businesses, creditLedger, type Db, orders, shops, users } from '@esim/db';
import { and, eq } from 'drizzle-orm';

/**
 * Deletes a user (sessions and tokens cascade) and the shop it belonged to. A shop with money history (orders,
 * ledger rows: a ledger is never deleted) is kept, suspended, so nobody can use it any more.
 */
export const deleteTestUser = async (db: Db, userId: string) => {
  // A staff journey's changes are audited under its own account; the audit rows go with the account.
  await db.delete(auditLog).where(eq(auditLog.staffUserId, userId));
  const [user] = await db.delete(users).where(eq(users.id, userId)).returning();
  if (!user?.shopId) return;
  const shopId = user.shopId;
  try {
    await db.transaction(async (tx) => {
      // A staff journey may have adjusted the shop's credit: those ledger rows go with it.
      await tx.delete(creditLedger).where(eq(creditLedger.shopId, shopId));
      await tx.delete(shops).where(eq(shops.id, shopId));
    });
  } catch {
    await db.update(shops).set({ status: 'suspended' }).where(eq(shops.id, shopId));
  }
};

/** Deletes an order that is still failed; a retried one may have an eSIM by now and stays. */
export const deleteFailedTestOrder = (db: Db, orderId: string) =>
  db.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'failed')));

/** A new "become a partner" application, as the public form stores one. */
export const insertTestApplication = async (
  db: Db,
  input: { fullName: string; email: string; businessType: BusinessType },
) => {
  const [row] = await db
    .insert(businesses)
    .values({
      ...input,
      companyName: input.businessType === 'reseller' ? `${input.fullName} Mobile` : null,
      country: 'AL',
      phone: '+355691112233',
      title: 'Partnership',
      message: 'We would like to work with you.',
      locale: 'en',
    })
    .returning({ id: businesses.id });
  if (!row) throw new Error('insertTestApplication: nothing inserted');
  return row;
};
