import type { ShopsQuery } from '@esim/contracts/staff';
import { type Db, shops, subscribers, users } from '@esim/db';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { orderByOf, pageWindow } from '../../lib/list-query';

export type ShopRow = typeof shops.$inferSelect;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Table names written out: drizzle leaves columns unqualified in a one-table select (see clients.repository).
const ownerEmail = sql<string | null>`(select u.email from users u where u.shop_id = "shops"."id"
  order by u.created_at limit 1)`;
const usersCount = sql<number>`(select count(*)::int from users u where u.shop_id = "shops"."id")`;
const ordersCount = sql<number>`(select count(*)::int from orders o where o.shop_id = "shops"."id")`;

const shopColumns = { shop: shops, ownerEmail, usersCount, ordersCount };
export type ShopListRow = {
  shop: ShopRow;
  ownerEmail: string | null;
  usersCount: number;
  ordersCount: number;
};

const sortColumns = {
  createdAt: shops.createdAt,
  name: shops.name,
  creditCents: shops.creditCents,
  ordersCount,
};

const conditions = (query: Pick<ShopsQuery, 'q' | 'status'>): SQL | undefined =>
  and(
    isNull(shops.deletedAt),
    query.status ? eq(shops.status, query.status) : undefined,
    query.q
      ? or(
          ilike(shops.name, likePattern(query.q)),
          sql`exists (select 1 from users u where u.shop_id = "shops"."id" and u.email ilike ${likePattern(query.q)})`,
        )
      : undefined,
  );

export const listShops = async (db: Db, query: ShopsQuery) => {
  const [rows, [total]] = await Promise.all([
    db
      .select(shopColumns)
      .from(shops)
      .where(conditions(query))
      .orderBy(...orderByOf(query.sort, sortColumns, shops.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ value: count() }).from(shops).where(conditions(query)),
  ]);
  return { rows, total: total?.value ?? 0 };
};

export const findShop = async (db: Db, shopId: string): Promise<ShopListRow | undefined> => {
  const [row] = await db
    .select(shopColumns)
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)));
  return row;
};

export const listShopUsers = (db: Db, shopId: string) =>
  db.select().from(users).where(eq(users.shopId, shopId)).orderBy(asc(users.createdAt));

export const countSubscribers = async (db: Db, shopId: string) =>
  (await db.select({ value: count() }).from(subscribers).where(eq(subscribers.shopId, shopId)))[0]?.value ??
  0;

/** Locks a shop's row for a staff change (status, sellShopPrice); the balances move only through the ledger. */
export const lockShop = async (tx: Db, shopId: string) => {
  const [row] = await tx
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.deletedAt)))
    .for('update');
  return row;
};

export const updateShop = async (
  tx: Db,
  shopId: string,
  values: Partial<Pick<ShopRow, 'status' | 'sellShopPrice' | 'bonusTiers'>>,
) => {
  const [row] = await tx
    .update(shops)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shops.id, shopId))
    .returning();
  return row;
};
