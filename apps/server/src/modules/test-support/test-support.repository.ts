import type { BusinessType } from '@esim/contracts';
import {
  adminOrders,
  adSyncs,
  auditLog,
  businesses,
  creditLedger,
  type Db,
  esimPackages,
  esims,
  giftCardRedemptions,
  orderEvents,
  orders,
  payments,
  refunds,
  sandboxPaymentSessions,
  seedCompletedEsimOrder,
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
    // A refund given back onto a gift card has its line in the card's history (ADR 0080); it goes with the refund.
    await tx
      .delete(giftCardRedemptions)
      .where(
        inArray(
          giftCardRedemptions.refundId,
          tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.staffUserId, userId)),
        ),
      );
    await tx.delete(refunds).where(eq(refunds.staffUserId, userId));
    // The orders an admin journey gave stay (they belong to their customers); who made them goes with the account.
    await tx.delete(adminOrders).where(eq(adminOrders.staffUserId, userId));
    await tx.delete(orderEvents).where(eq(orderEvents.staffUserId, userId));
    // An ad sync a journey ran stays (its rows are the platform's); who ran it goes with the account.
    await tx.update(adSyncs).set({ staffUserId: null }).where(eq(adSyncs.staffUserId, userId));
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
    await tx.delete(payments).where(inArray(payments.orderId, failed));
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

/** The shop a shop user belongs to (a journey knows its user, the finance helpers need the shop). */
export const getShopOfUser = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ id: shops.id, name: shops.name })
    .from(users)
    .innerJoin(shops, eq(shops.id, users.shopId))
    .where(eq(users.id, userId));
  return row;
};

/**
 * The card charge of an order through the payments sandbox (its session and our payment row), as a checkout
 * leaves it: the refund tests and journeys refund it through the sandbox like a real one.
 */
export const seedCardCharge = async (db: Db, order: typeof orders.$inferSelect) => {
  const sessionId = `sbx_cs_seed_${order.id}`;
  const paymentRef = `sbx_pi_seed_${order.id}`;
  await db.insert(sandboxPaymentSessions).values({
    id: sessionId,
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.totalCents,
    currency: 'EUR',
    description: order.number,
    customerEmail: order.buyerEmail,
    locale: order.locale,
    successUrl: 'http://localhost/success',
    cancelUrl: 'http://localhost/cancel',
    status: 'succeeded',
    paymentRef,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  await db.insert(payments).values({
    orderId: order.id,
    provider: 'sandbox',
    sessionRef: sessionId,
    paymentRef,
    status: 'succeeded',
    amountCents: order.totalCents,
  });
};

/** A completed eSIM order paid by card (sandbox); `installed`: its eSIM is on a phone and in use. */
export const seedPaidCardOrder = async (
  db: Db,
  input: { userId: string; packageSlug?: string; installed?: boolean },
) => {
  const seeded = await seedCompletedEsimOrder(db, {
    userId: input.userId,
    ...(input.packageSlug ? { packageSlug: input.packageSlug } : {}),
    packageStatus: 'active',
    ...(input.installed ? { activatedAt: new Date(), dataUsedMb: 10 } : {}),
  });
  await seedCardCharge(db, seeded.order);
  return seeded;
};

/** Moves an eSIM's purchase into the past, as the unused-eSIM job counts it (ADR 0064). */
export const backdateEsim = (db: Db, esimId: string, daysAgo: number) =>
  db
    .update(esims)
    .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(eq(esims.id, esimId));
