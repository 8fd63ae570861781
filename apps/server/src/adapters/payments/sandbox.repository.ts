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

/**
 * Adds a refund to the session paid with `paymentRef`, never more than was charged, so a refund repeated under
 * its key cannot give the money back twice. 'replay' when the charge is already fully refunded (a retried
 * call: the refund exists, like a provider's replay); false when there is no such charge or it would overrun.
 */
export const addSandboxRefund = async (
  db: Db,
  paymentRef: string,
  amountCents: number,
): Promise<true | false | 'replay'> => {
  const updated = await db
    .update(sandboxPaymentSessions)
    .set({ refundedCents: sql`${sandboxPaymentSessions.refundedCents} + ${amountCents}` })
    .where(
      sql`${sandboxPaymentSessions.paymentRef} = ${paymentRef} and ${sandboxPaymentSessions.refundedCents} + ${amountCents} <= ${sandboxPaymentSessions.amountCents}`,
    )
    .returning({ id: sandboxPaymentSessions.id });
  if (updated.length > 0) return true;
  const [charged] = await db
    .select()
    .from(sandboxPaymentSessions)
    .where(eq(sandboxPaymentSessions.paymentRef, paymentRef))
    .limit(1);
  return charged && charged.refundedCents >= charged.amountCents ? 'replay' : false;
};

/** Expires an open session (a newer checkout for the same order); false when it was not open. */
export const expireSandboxSession = async (db: Db, sessionId: string) => {
  const expired = await db
    .update(sandboxPaymentSessions)
    .set({ status: 'expired' })
    .where(and(eq(sandboxPaymentSessions.id, sessionId), eq(sandboxPaymentSessions.status, 'open')))
    .returning({ id: sandboxPaymentSessions.id });
  return expired.length > 0;
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
