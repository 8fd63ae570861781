import { type Db, sandboxPaymentSessions } from '@esim/db';
import { and, eq, sql } from 'drizzle-orm';

/** The sandbox provider's own checkout sessions (it plays the vendor, so it keeps the vendor's records). */
export const getSandboxSession = async (db: Db, sessionId: string) => {
  const [row] = await db
    .select()
    .from(sandboxPaymentSessions)
    .where(eq(sandboxPaymentSessions.id, sessionId))
    .limit(1);
  return row;
};

export const insertSandboxSession = (db: Db, values: typeof sandboxPaymentSessions.$inferInsert) =>
  db.insert(sandboxPaymentSessions).values(values);

/** Adds a refund to the session paid with `paymentRef`; false when there is none. */
export const addSandboxRefund = async (db: Db, paymentRef: string, amountCents: number) => {
  const updated = await db
    .update(sandboxPaymentSessions)
    .set({ refundedCents: sql`${sandboxPaymentSessions.refundedCents} + ${amountCents}` })
    .where(eq(sandboxPaymentSessions.paymentRef, paymentRef))
    .returning({ id: sandboxPaymentSessions.id });
  return updated.length > 0;
};

/** Marks an open session paid; undefined when it was not open any more (a second submit). */
export const claimSandboxPayment = async (db: Db, sessionId: string, paymentRef: string) => {
  const [claimed] = await db
    .update(sandboxPaymentSessions)
    .set({ status: 'succeeded', paymentRef })
    .where(and(eq(sandboxPaymentSessions.id, sessionId), eq(sandboxPaymentSessions.status, 'open')))
    .returning();
  return claimed;
};

export const failSandboxPayment = (db: Db, sessionId: string, failureReason: string) =>
  db
    .update(sandboxPaymentSessions)
    .set({ status: 'failed', failureReason })
    .where(eq(sandboxPaymentSessions.id, sessionId));
