import type { OrderEventActor, OrderEventDetail } from '@esim/contracts';
import { type Db, orderEvents, users } from '@esim/db';
import { and, desc, eq, sql } from 'drizzle-orm';

/** An event as the code records it (ADR 0031). */
export type OrderEventInput = OrderEventDetail & {
  actor: OrderEventActor;
  /** The staff member who acted (actor `staff`). */
  staffUserId?: string | null;
  /** Stores the event once per order and key (a webhook replay, an e-mail rendered again). */
  dedupeKey?: string;
};

/**
 * Records one thing that happened to an order. Call it with the transaction that makes the change it records,
 * so the timeline never shows a change that was rolled back nor misses one that was committed.
 */
export const recordOrderEvent = (db: Db, orderId: string, event: OrderEventInput) =>
  db
    .insert(orderEvents)
    .values({
      orderId,
      kind: event.kind,
      actor: event.actor,
      staffUserId: event.staffUserId ?? null,
      detail: event.detail,
      dedupeKey: event.dedupeKey ?? null,
    })
    .onConflictDoNothing();

/** The same event for several orders at once (none for an empty list). */
export const recordOrderEvents = async (db: Db, orderIds: readonly string[], event: OrderEventInput) => {
  if (orderIds.length === 0) return;
  await db
    .insert(orderEvents)
    .values(
      orderIds.map((orderId) => ({
        orderId,
        kind: event.kind,
        actor: event.actor,
        staffUserId: event.staffUserId ?? null,
        detail: event.detail,
        dedupeKey: event.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing();
};

/** An order's recorded events, newest first, with the name of the staff member who acted. */
export const listOrderEvents = (db: Db, orderId: string) =>
  db
    .select({
      id: orderEvents.id,
      at: orderEvents.at,
      kind: orderEvents.kind,
      actor: orderEvents.actor,
      detail: orderEvents.detail,
      staffUserId: orderEvents.staffUserId,
      staffName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.staffUserId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id));
export type OrderEventRow = Awaited<ReturnType<typeof listOrderEvents>>[number];

/** When staff last took `action` on an order (null if never): "contact the buyer" reads it under the order's lock. */
export const lastStaffActionAt = async (db: Db, orderId: string, action: string) => {
  const [row] = await db
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        eq(orderEvents.kind, 'staff_action'),
        sql`${orderEvents.detail}->>'action' = ${action}`,
      ),
    )
    .orderBy(desc(orderEvents.at))
    .limit(1);
  return row?.at ?? null;
};
