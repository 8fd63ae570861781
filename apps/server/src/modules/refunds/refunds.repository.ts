import { type Db, giftCardRedemptions, orders, payments, refunds } from '@esim/db';
import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundOrderRow = typeof orders.$inferSelect;

/** One automatic refund per charge: a second call for the same payment returns nothing (already recorded). */
export const insertAutomaticRefund = async (
  db: Db,
  values: { orderId: string; paymentId: string; amountCents: number; kind: 'order' | 'duplicate_payment' },
) => {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
};

export const insertRefund = async (db: Db, values: typeof refunds.$inferInsert) => {
  const [row] = await db.insert(refunds).values(values).returning();
  if (!row) throw new Error('insertRefund: insert returned nothing');
  return row;
};

export const getRefund = async (db: Db, refundId: string) =>
  (await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1))[0];

/** A refund with the charge it gives back. */
export const getRefundWithPayment = async (db: Db, refundId: string) => {
  const [row] = await db
    .select({ refund: refunds, paymentRef: payments.paymentRef })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId))
    .limit(1);
  return row;
};

/** Refunds of a charge (by provider session) that were recorded but never accepted by the provider. */
export const listUnsentRefundsOfSession = async (db: Db, provider: string, sessionRef: string) => {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.sessionRef, sessionRef),
        eq(refunds.status, 'pending'),
        sql`${refunds.providerRef} is null`,
      ),
    );
  return rows.map((r) => r.id);
};

/** Fields of a refund other than its state (which only `transitionRefund` changes). */
export const updateRefund = (
  db: Db,
  refundId: string,
  values: Omit<Partial<typeof refunds.$inferInsert>, 'status' | 'id' | 'orderId'>,
) =>
  db
    .update(refunds)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(refunds.id, refundId));

/**
 * Moves a refund to `to` only from one of `from` (the guard makes two settlements of one refund, a webhook and
 * the provider's answer, apply once); the row when this call moved it.
 */
export const transitionRefund = async (
  db: Db,
  refundId: string,
  from: RefundRow['status'][],
  to: RefundRow['status'],
  values: Pick<Partial<typeof refunds.$inferInsert>, 'providerRef' | 'error' | 'errorCode'> = {},
) =>
  (
    await db
      .update(refunds)
      .set({ ...values, status: to, updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refundId), inArray(refunds.status, from)))
      .returning()
  )[0];

/**
 * The key a refund is sent under: the same for every send of one attempt, so the provider can never pay it twice;
 * a new one after the provider refused the previous attempt (a provider replays a refused key's answer).
 */
export const refundKeyOf = (refundId: string, keyVersion = 0) =>
  keyVersion === 0 ? `refund-${refundId}` : `refund-${refundId}-${keyVersion}`;
const refundIdOfKey = (key: string | undefined) => {
  const match = key ? /^refund-([0-9a-f-]{36})(?:-\d+)?$/.exec(key) : null;
  return match?.[1];
};

/**
 * The refunds of a charge a provider's refund event is about: the one its key names, or the one with its refund
 * id; an event with neither (an older provider message) is about the charge's refunds still waiting.
 */
export const findRefundsOfProviderEvent = async (
  db: Db,
  input: { provider: string; paymentRef: string; refundRef: string; refundKey?: string },
) => {
  const refundId = refundIdOfKey(input.refundKey);
  return db
    .select()
    .from(refunds)
    .where(
      and(
        inArray(
          refunds.paymentId,
          db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.provider, input.provider), eq(payments.paymentRef, input.paymentRef))),
        ),
        refundId
          ? eq(refunds.id, refundId)
          : or(eq(refunds.providerRef, input.refundRef), sql`${refunds.providerRef} is null`),
      ),
    )
    .orderBy(asc(refunds.createdAt));
};

export const listRefundsOfOrder = (db: Db, orderId: string) =>
  db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));

/** Refunds of several orders (one page of a list), oldest first. */
export const listRefundsOfOrders = async (db: Db, orderIds: string[]) =>
  orderIds.length === 0
    ? []
    : db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));

export const listRefundsOfPayment = (db: Db, paymentId: string) =>
  db.select().from(refunds).where(eq(refunds.paymentId, paymentId));

export const getOrderForRefund = async (db: Db, orderId: string) =>
  (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];

/** Locks an order's row for a refund (the lock every change of the order's money and state takes first). */
export const lockOrderForRefund = async (db: Db, orderId: string) =>
  (await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1))[0];

/** Adds a succeeded refund to its order's refunded sum; the order's shown status follows (ADR 0090). */
export const addRefundedToOrder = async (db: Db, orderId: string, amountCents: number) =>
  (
    await db
      .update(orders)
      .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}`, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning()
  )[0];

/** An order refunded in full while waiting for a decision or a payment ends there: it will not be carried out. */
export const cancelRefundedOrder = async (db: Db, orderId: string) =>
  (
    await db
      .update(orders)
      .set({ fulfilmentStatus: 'cancelled', updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, orderId),
          inArray(orders.fulfilmentStatus, ['pending', 'for_review']),
          sql`${orders.refundedCents} >= ${orders.totalCents}`,
        ),
      )
      .returning()
  )[0];

/**
 * What is given back of an order or on its way: pending and succeeded refunds, second charges apart (those are
 * money the order never asked for).
 */
export const sumOutstandingRefundsOfOrder = async (db: Db, orderId: string) => {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.status, ['pending', 'succeeded']),
        sql`${refunds.kind} <> 'duplicate_payment'`,
      ),
    );
  return row?.cents ?? 0;
};

/** What has gone back of one card charge, or is on its way (pending and succeeded refunds). */
export const sumRefundedOfCharge = async (db: Db, paymentId: string, exceptRefundId?: string) => {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentId, paymentId),
        inArray(refunds.status, ['pending', 'succeeded']),
        exceptRefundId ? sql`${refunds.id} <> ${exceptRefundId}` : undefined,
      ),
    );
  return row?.cents ?? 0;
};

/** The charge that paid an order (its first successful card payment with the provider in use). */
export const getPaidCharge = async (db: Db, orderId: string, provider: string) => {
  const [row] = await db
    .select({ id: payments.id, paymentRef: payments.paymentRef, amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        eq(payments.status, 'succeeded'),
        isNotNull(payments.paymentRef),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(1);
  return row;
};

/** What refunds of an order put back onto the gift card that paid part of it (its `refund` lines). */
export const sumRefundedToGiftCard = async (db: Db, orderId: string) => {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${giftCardRedemptions.amountCents}), 0)`.mapWith(Number) })
    .from(giftCardRedemptions)
    .where(and(eq(giftCardRedemptions.orderId, orderId), eq(giftCardRedemptions.kind, 'refund')));
  return row?.cents ?? 0;
};
