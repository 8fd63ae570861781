import { type Db, esimPackages, esims, orders, packages, payments, webhookEvents } from '@esim/db';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type EsimRow = typeof esims.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;

/** A package a buyer may order: active and not deleted. */
export const findSellablePackageBySlug = async (db: Db, slug: string) => {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.slug, slug), eq(packages.active, true), isNull(packages.deletedAt)))
    .limit(1);
  return row;
};

export const findPackageById = async (db: Db, id: string) => {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row;
};

export const insertOrder = async (db: Db, values: NewOrderRow) => {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
};

export const getOrder = async (db: Db, orderId: string) => {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row;
};

/** Locks the order row for the rest of the transaction (serialises payment and fulfilment on one order). */
export const lockOrder = async (db: Db, orderId: string) => {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update').limit(1);
  return row;
};

export const updateOrder = (db: Db, orderId: string, values: Partial<NewOrderRow>) =>
  db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));

/** A provider that answers a repeated checkout request with the same session (Stripe's idempotency) adds no row. */
export const insertPayment = (db: Db, values: typeof payments.$inferInsert) =>
  db.insert(payments).values(values).onConflictDoNothing();

export const listPendingPaymentsOfOrder = (db: Db, orderId: string) =>
  db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));

export const findPaymentBySession = async (db: Db, provider: string, sessionRef: string) => {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionRef, sessionRef)))
    .limit(1);
  return row;
};

/**
 * Marks a payment succeeded unless it already is: returns the row only for the caller that made the change, so
 * webhook and return URL racing each other confirm a payment exactly once. A failure before (the buyer retried
 * on the provider's page) does not block a later success.
 */
export const markPaymentSucceeded = async (
  db: Db,
  input: { provider: string; sessionRef: string; paymentRef: string },
) => {
  const [row] = await db
    .update(payments)
    .set({ status: 'succeeded', paymentRef: input.paymentRef, failureReason: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, input.provider),
        eq(payments.sessionRef, input.sessionRef),
        inArray(payments.status, ['pending', 'failed', 'expired']),
      ),
    )
    .returning();
  return row;
};

/** A failure or expiry never overwrites a success (events can arrive out of order). */
export const markPaymentUnsuccessful = (
  db: Db,
  input: { provider: string; sessionRef: string; status: 'failed' | 'expired'; failureReason: string | null },
) =>
  db
    .update(payments)
    .set({ status: input.status, failureReason: input.failureReason, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.provider, input.provider),
        eq(payments.sessionRef, input.sessionRef),
        eq(payments.status, 'pending'),
      ),
    );

export const hasSucceededPayment = async (db: Db, orderId: string) => {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .limit(1);
  return Boolean(row);
};

/** Stores a provider event id once; false when it was already there (a replay). */
export const recordWebhookEvent = async (db: Db, provider: string, eventId: string, type: string) => {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
};

/** Claims the one-time display of the receipt on the success page; true for the first caller only. */
export const claimReceiptDisplay = async (db: Db, orderId: string) => {
  const rows = await db
    .update(orders)
    .set({ receiptShownAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.receiptShownAt)))
    .returning({ id: orders.id });
  return rows.length > 0;
};

/** Counts a fulfilment attempt on a paid order; undefined when the order is not (or no longer) paid. */
export const countFulfilmentAttempt = async (db: Db, orderId: string) => {
  const [row] = await db
    .update(orders)
    .set({ fulfilmentAttempts: sql`${orders.fulfilmentAttempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning();
  return row;
};

/** Stores the eSIM; the same profile again (a retried job) returns the existing row. */
export const upsertEsim = async (db: Db, values: typeof esims.$inferInsert) => {
  const [inserted] = await db.insert(esims).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(esims).where(eq(esims.iccid, values.iccid)).limit(1);
  if (!existing) throw new Error('eSIM upsert found no row');
  return existing;
};

export const insertEsimPackage = (db: Db, values: typeof esimPackages.$inferInsert) =>
  db.insert(esimPackages).values(values).onConflictDoNothing();

export const getEsimForOrder = async (db: Db, orderId: string) => {
  const [row] = await db.select().from(esims).where(eq(esims.orderId, orderId)).limit(1);
  return row;
};

/** Paid orders not completed: startup resumes them all, the periodic sweep those idle for a while. */
export const listPaidOrderIds = async (db: Db, idleSeconds: number) => {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'paid'),
        lt(orders.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
      ),
    )
    .limit(500);
  return rows.map((r) => r.id);
};

export const listFailedOrders = (db: Db, limit: number) =>
  db.select().from(orders).where(eq(orders.status, 'failed')).orderBy(desc(orders.failedAt)).limit(limit);

/** The session's order (SPEC section 3): the customer's latest order that is paid for or awaiting payment. */
export const findLatestUnfinishedOrder = async (db: Db, userId: string) => {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'paid'])))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
};

export const getEsim = async (db: Db, esimId: string) => {
  const [row] = await db.select().from(esims).where(eq(esims.id, esimId)).limit(1);
  return row;
};

export const lockEsim = async (db: Db, esimId: string) => {
  const [row] = await db.select().from(esims).where(eq(esims.id, esimId)).for('update').limit(1);
  return row;
};

export const hasActivePackage = async (db: Db, esimId: string) => {
  const [row] = await db
    .select({ id: esimPackages.id })
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), eq(esimPackages.status, 'active')))
    .limit(1);
  return Boolean(row);
};

/** Active and queued packages of an eSIM, oldest first (what a change of eSIM moves). */
export const listMovablePackages = (db: Db, esimId: string) =>
  db
    .select()
    .from(esimPackages)
    .where(and(eq(esimPackages.esimId, esimId), inArray(esimPackages.status, ['active', 'queued'])))
    .orderBy(esimPackages.createdAt);

/** Moves every active and queued package from one eSIM to another in one statement: each is in one place. */
export const movePackages = (db: Db, fromEsimId: string, toEsimId: string) =>
  db
    .update(esimPackages)
    .set({ esimId: toEsimId })
    .where(and(eq(esimPackages.esimId, fromEsimId), inArray(esimPackages.status, ['active', 'queued'])))
    .returning({ id: esimPackages.id });

export const updateEsim = (db: Db, esimId: string, values: Partial<typeof esims.$inferInsert>) =>
  db.update(esims).set(values).where(eq(esims.id, esimId));
