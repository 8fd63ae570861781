import type { PageQuery } from '@esim/contracts';
import { type Db, subscribers } from '@esim/db';
import { and, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
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

const whereOf = (filters: { shopId: string; q?: string }) =>
  and(
    eq(subscribers.shopId, filters.shopId),
    isNull(subscribers.deletedAt),
    filters.q
      ? or(
          ilike(subscribers.name, likePattern(filters.q)),
          ilike(subscribers.lastname, likePattern(filters.q)),
          ilike(subscribers.email, likePattern(filters.q)),
        )
      : undefined,
  );

/** A shop's subscribers, newest first, searched by name or e-mail. */
export const listSubscribers = async (db: Db, filters: { shopId: string; q?: string }, page: PageQuery) => {
  const [total] = await db.select({ n: count() }).from(subscribers).where(whereOf(filters));
  const window = pageWindow(page);
  const rows = await db
    .select()
    .from(subscribers)
    .where(whereOf(filters))
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
