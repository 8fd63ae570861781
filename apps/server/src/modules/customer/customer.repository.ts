import { type Db, esimPackages, esims, orders } from '@esim/db';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

/** A customer's orders, newest first, with whether any payment attempt failed (for the "payment" column). */
export const listOrdersOfUser = async (db: Db, userId: string, page: number, pageSize: number) => {
  const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  const rows = await db
    .select({
      order: orders,
      // Qualified by hand: drizzle prints bare column names inside sql``, which the subquery would capture.
      failedPayments: sql<number>`(select count(*)::int from payments p where p.order_id = "orders"."id" and p.status = 'failed')`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: total?.n ?? 0, rows };
};

/** An order only its owner may see; undefined for anyone else (the route answers 404). */
export const findOrderOfUser = async (db: Db, userId: string, orderId: string) => {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row;
};

export const listEsimsOfUser = (db: Db, userId: string) =>
  db.select().from(esims).where(eq(esims.userId, userId)).orderBy(desc(esims.createdAt));

export const findEsimOfUser = async (db: Db, userId: string, esimId: string) => {
  const [row] = await db
    .select()
    .from(esims)
    .where(and(eq(esims.id, esimId), eq(esims.userId, userId)))
    .limit(1);
  return row;
};

export const listPackagesOfEsims = (db: Db, esimIds: string[]) =>
  esimIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(esimPackages)
        .where(inArray(esimPackages.esimId, esimIds))
        .orderBy(asc(esimPackages.createdAt));
