import { type Db, payments, refunds } from '@esim/db';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';

export type RefundRow = typeof refunds.$inferSelect;

/** One automatic refund per charge: a second call for the same payment returns nothing (already recorded). */
export const insertAutomaticRefund = async (
  db: Db,
  values: { orderId: string; paymentId: string; amountCents: number; kind: 'order' | 'duplicate_payment' },
) => {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
};

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

export const updateRefund = (db: Db, refundId: string, values: Partial<typeof refunds.$inferInsert>) =>
  db
    .update(refunds)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(refunds.id, refundId));

/** The idempotency key a refund is always sent under, so a retry can never refund twice. */
export const refundKeyOf = (refundId: string) => `refund-${refundId}`;
const refundIdOfKey = (key: string | undefined) => {
  const id = key?.startsWith('refund-') ? key.slice('refund-'.length) : undefined;
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
};

/**
 * The provider's refund webhook settles our refund of that charge; a success is never overwritten. A charge may
 * have several refunds (staff partial refunds): the event names ours by its key, or by the provider's refund id;
 * an event with neither (an older provider message) settles the charge's refunds still waiting.
 */
export const settleRefundOfPayment = (
  db: Db,
  input: {
    provider: string;
    paymentRef: string;
    refundRef: string;
    refundKey?: string;
    status: 'succeeded' | 'failed';
    error: string | null;
    errorCode: RefundRow['errorCode'];
  },
) => {
  const refundId = refundIdOfKey(input.refundKey);
  return db
    .update(refunds)
    .set({
      status: input.status,
      providerRef: input.refundRef,
      error: input.error,
      errorCode: input.errorCode,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(
          refunds.paymentId,
          db
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.provider, input.provider), eq(payments.paymentRef, input.paymentRef))),
        ),
        inArray(refunds.status, ['pending', 'failed']),
        refundId
          ? eq(refunds.id, refundId)
          : or(eq(refunds.providerRef, input.refundRef), sql`${refunds.providerRef} is null`),
      ),
    )
    .returning();
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
