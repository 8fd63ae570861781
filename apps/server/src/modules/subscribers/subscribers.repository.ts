import type { PageQuery } from '@esim/contracts';
import { type Db, esims, subscriberDeliveries, subscribers, users } from '@esim/db';
import { and, count, desc, eq, exists, ilike, inArray, isNull, or } from 'drizzle-orm';
import { orderByOf, pageWindow } from '../../lib/list-query';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** One subscriber of this shop; undefined for another shop's (the route answers 404). */
export const getSubscriber = async (db: Db, shopId: string, subscriberId: string) => {
  const [row] = await db
    .select()
    .from(subscribers)
    .where(
      and(eq(subscribers.id, subscriberId), eq(subscribers.shopId, shopId), isNull(subscribers.deletedAt)),
    )
    .limit(1);
  return row;
};

export const insertSubscriber = async (db: Db, values: typeof subscribers.$inferInsert) => {
  const [row] = await db.insert(subscribers).values(values).returning();
  if (!row) throw new Error('subscriber insert returned nothing');
  return row;
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const whereOf = (db: Db, filters: { shopId: string; q?: string }) =>
  and(
    eq(subscribers.shopId, filters.shopId),
    isNull(subscribers.deletedAt),
    filters.q
      ? or(
          ilike(subscribers.name, likePattern(filters.q)),
          ilike(subscribers.lastname, likePattern(filters.q)),
          ilike(subscribers.email, likePattern(filters.q)),
          // The ICCID of one of their eSIMs (shop assistants type or scan part of it).
          exists(
            db
              .select({ id: esims.id })
              .from(esims)
              .where(
                and(
                  eq(esims.subscriberId, subscribers.id),
                  eq(esims.shopId, filters.shopId),
                  ilike(esims.iccid, likePattern(filters.q.replace(/\s+/g, ''))),
                ),
              ),
          ),
        )
      : undefined,
  );

/** A shop's subscribers, newest first, searched by name, e-mail or the ICCID of one of their eSIMs. */
export const listSubscribers = async (db: Db, filters: { shopId: string; q?: string }, page: PageQuery) => {
  const [total] = await db.select({ n: count() }).from(subscribers).where(whereOf(db, filters));
  const window = pageWindow(page);
  const rows = await db
    .select()
    .from(subscribers)
    .where(whereOf(db, filters))
    .orderBy(...orderByOf('-createdAt', { createdAt: subscribers.createdAt }, subscribers.id))
    .limit(window.limit)
    .offset(window.offset);
  return { total: total?.n ?? 0, rows };
};

/** Several subscribers of a shop at once (an order list's page). */
export const listSubscribersByIds = (db: Db, shopId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as SubscriberRow[])
    : db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.shopId, shopId), inArray(subscribers.id, ids)));

export type DeliveryRow = typeof subscriberDeliveries.$inferSelect;

export const insertDelivery = async (db: Db, values: typeof subscriberDeliveries.$inferInsert) => {
  const [row] = await db.insert(subscriberDeliveries).values(values).returning();
  if (!row) throw new Error('delivery insert returned nothing');
  return row;
};

/** Every delivery to one of a shop's subscribers, newest first, with the eSIM's ICCID and the shop user's name. */
export const listDeliveries = (db: Db, shopId: string, subscriberId: string) =>
  db
    .select({
      delivery: subscriberDeliveries,
      iccid: esims.iccid,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(subscriberDeliveries)
    .innerJoin(esims, eq(esims.id, subscriberDeliveries.esimId))
    .innerJoin(users, eq(users.id, subscriberDeliveries.userId))
    .where(and(eq(subscriberDeliveries.shopId, shopId), eq(subscriberDeliveries.subscriberId, subscriberId)))
    .orderBy(desc(subscriberDeliveries.createdAt), desc(subscriberDeliveries.id));
