import type { PageQuery } from '@esim/contracts';
import { type Db, esims, subscriberDeliveries, subscribers, users } from '@esim/db';
import { and, desc, eq, exists, inArray, isNull, or } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

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

export type SubscriberFilters = { shopId: string; q?: string };

const whereOf = (filters: SubscriberFilters, db: Db) =>
  and(
    eq(subscribers.shopId, filters.shopId),
    isNull(subscribers.deletedAt),
    filters.q
      ? or(
          searchCondition(filters.q, [subscribers.name, subscribers.lastname, subscribers.email]),
          // The ICCID of one of their eSIMs (shop assistants type or scan part of it).
          exists(
            db
              .select({ id: esims.id })
              .from(esims)
              .where(
                and(
                  eq(esims.subscriberId, subscribers.id),
                  eq(esims.shopId, filters.shopId),
                  searchCondition(filters.q.replace(/\s+/g, ''), [esims.iccid]),
                ),
              ),
          ),
        )
      : undefined,
  );

/** A shop's subscribers, newest first, searched by name, e-mail or the ICCID of one of their eSIMs. */
const subscriberList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ subscriber: subscribers, ...listFields })
      .from(subscribers)
      .$dynamic(),
  where: whereOf,
  sortColumns: { createdAt: subscribers.createdAt },
  tiebreak: subscribers.id,
  defaultSort: '-createdAt',
});

/** One page of a shop's subscribers and how many match. */
export const listSubscribers = (db: Db, filters: SubscriberFilters, page: PageQuery) =>
  subscriberList.page(db, filters, page);

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
