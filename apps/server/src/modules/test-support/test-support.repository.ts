import type { BusinessType } from '@esim/contracts';
import {
  adminOrders,
  auditLog,
  businesses,
  creditLedger,
  type Db,
  esimPackages,
  esims,
  orderEvents,
  orders,
  payments,
  refunds,
  shops,
  subscriberDeliveries,
  subscribers,
  users,
} from '@esim/db';
import { and, eq, inArray, or } from 'drizzle-orm';

/** Everything a shop's journey wrote (ledger, subscribers, their orders and eSIMs, deliveries), then the shop. */
const deleteShopData = async (db: Db, shopId: string) => {
  const shopOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.shopId, shopId));
  const shopEsims = db.select({ id: esims.id }).from(esims).where(eq(esims.shopId, shopId));
  await db.delete(subscriberDeliveries).where(eq(subscriberDeliveries.shopId, shopId));
  await db
    .delete(esimPackages)
    .where(or(inArray(esimPackages.esimId, shopEsims), inArray(esimPackages.orderId, shopOrders)));
  await db.delete(esims).where(eq(esims.shopId, shopId));
  await db.delete(refunds).where(inArray(refunds.orderId, shopOrders));
  await db.delete(orderEvents).where(inArray(orderEvents.orderId, shopOrders));
  await db.delete(payments).where(inArray(payments.orderId, shopOrders));
  await db.delete(creditLedger).where(eq(creditLedger.shopId, shopId));
  await db.delete(orders).where(eq(orders.shopId, shopId));
  await db.delete(subscribers).where(eq(subscribers.shopId, shopId));
};

/**
 * Deletes a user (sessions and tokens cascade) and the shop it belonged to, with what the shop wrote; a staff
 * journey's audit rows go with its account.
 */
export const deleteTestUser = async (db: Db, userId: string) =>
  db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (user?.shopId) await deleteShopData(tx, user.shopId);
    await tx.delete(auditLog).where(eq(auditLog.staffUserId, userId));
    // The orders an admin journey gave stay (they belong to their customers); who made them goes with the account.
    await tx.delete(adminOrders).where(eq(adminOrders.staffUserId, userId));
    await tx.delete(orderEvents).where(eq(orderEvents.staffUserId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    if (user?.shopId) await tx.delete(shops).where(eq(shops.id, user.shopId));
  });

/** Deletes an order that is still failed; a retried one may have an eSIM by now and stays. */
export const deleteFailedTestOrder = (db: Db, orderId: string) =>
  db.transaction(async (tx) => {
    const failed = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'failed')));
    await tx.delete(orderEvents).where(inArray(orderEvents.orderId, failed));
    await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'failed')));
  });

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
