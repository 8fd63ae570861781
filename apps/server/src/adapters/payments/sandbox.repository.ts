import { type Db, sandboxPaymentSessions, sandboxRefunds, settings } from '@esim/db';
import { and, eq, inArray, sql } from 'drizzle-orm';

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
 * Adds a refund under its idempotency key to the session paid with `paymentRef`, never more than was charged.
 * 'replay' when the key was refunded before (the refund exists, like a provider's idempotent replay: nothing is
 * given back twice); false when there is no such charge or the refund would overrun it.
 */
export const addSandboxRefund = (
  db: Db,
  input: { paymentRef: string; amountCents: number; idempotencyKey: string },
): Promise<true | false | 'replay'> =>
  db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(sandboxRefunds)
      .values(input)
      .onConflictDoNothing()
      .returning({ key: sandboxRefunds.idempotencyKey });
    if (!fresh) return 'replay';
    const updated = await tx
      .update(sandboxPaymentSessions)
      .set({ refundedCents: sql`${sandboxPaymentSessions.refundedCents} + ${input.amountCents}` })
      .where(
        sql`${sandboxPaymentSessions.paymentRef} = ${input.paymentRef} and ${sandboxPaymentSessions.refundedCents} + ${input.amountCents} <= ${sandboxPaymentSessions.amountCents}`,
      )
      .returning({ id: sandboxPaymentSessions.id });
    if (updated.length > 0) return true;
    // Refused: the key was not used, so keep no record of it.
    await tx.delete(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
    return false;
  });

/** How many refunds reached the sandbox under a key (the bench checks each reached it once). */
export const countSandboxRefunds = (db: Db, keys: string[]) =>
  db.$count(sandboxRefunds, inArray(sandboxRefunds.idempotencyKey, keys));

const refundModeKey = 'sandbox-payments';

/** The sandbox's "refunds fail" switch (staff journeys and demos of a failed refund). */
export const getSandboxFailRefunds = async (db: Db) => {
  const [row] = await db.select().from(settings).where(eq(settings.key, refundModeKey)).limit(1);
  return (row?.value as { failRefunds?: boolean } | undefined)?.failRefunds === true;
};

export const setSandboxFailRefunds = (db: Db, failRefunds: boolean) =>
  db
    .insert(settings)
    .values({ key: refundModeKey, value: { failRefunds } })
    .onConflictDoUpdate({ target: settings.key, set: { value: { failRefunds }, updatedAt: sql`now()` } });

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
