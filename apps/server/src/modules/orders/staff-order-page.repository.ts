import { type Db, esimPackages, esims, orders, outbox, payments, shops } from '@esim/db';
import { and, asc, desc, eq, inArray, like, or, sql } from 'drizzle-orm';

// The staff order page's reads (issue 31). Each is one indexed query on the order's id (or its eSIMs' ids).

/** The order with its shop's name; undefined for an unknown id. */
export const getOrderForStaff = async (db: Db, orderId: string) => {
  const [row] = await db
    .select({ order: orders, shopName: shops.name })
    .from(orders)
    .leftJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
};

/** Every payment attempt of an order, oldest first. */
export const listPaymentsOfOrder = (db: Db, orderId: string) =>
  db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));

/** The order's own eSIM(s) and the eSIM a top-up or change was for. */
export const listEsimsOfOrder = (db: Db, order: { id: string; targetEsimId: string | null }) =>
  db
    .select()
    .from(esims)
    .where(or(eq(esims.orderId, order.id), order.targetEsimId ? eq(esims.id, order.targetEsimId) : undefined))
    .orderBy(asc(esims.createdAt));

/** Every package on these eSIMs, oldest first. */
export const listPackagesOfEsims = async (db: Db, esimIds: string[]) =>
  esimIds.length === 0
    ? []
    : db
        .select()
        .from(esimPackages)
        .where(inArray(esimPackages.esimId, esimIds))
        .orderBy(asc(esimPackages.createdAt));

/**
 * Outbox messages about an order stored before the timeline existed: its confirmation e-mail (its outbox id is
 * fixed by the order) and e-mails to the buyer whose subject names the order number. Newest first.
 */
export const listOutboxMessagesOfOrder = (
  db: Db,
  order: { buyerEmail: string; number: string },
  confirmationId: string,
) =>
  db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: outbox.to,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(
      or(
        eq(outbox.id, confirmationId),
        and(eq(outbox.to, order.buyerEmail), like(outbox.subject, sql`'%' || ${order.number}`)),
      ),
    )
    .orderBy(desc(outbox.createdAt))
    .limit(50);
