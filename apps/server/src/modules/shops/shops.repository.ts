import type { PageQuery } from '@esim/contracts';
import type { ShopsQuery } from '@esim/contracts/staff';
import { type Db, shops, subscribers, users } from '@esim/db';
import { and, asc, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { defineListQuery, likePattern, searchCondition } from '../../lib/list-query';

export type ShopRow = typeof shops.$inferSelect;

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

export type ShopFilters = Pick<ShopsQuery, 'q' | 'status'> & { sort?: ShopsQuery['sort'] };

const conditions = (filters: ShopFilters): SQL | undefined =>
  and(
    isNull(shops.deletedAt),
    filters.status ? eq(shops.status, filters.status) : undefined,
    // A shop by its name or the e-mail of one of its users.
    filters.q
      ? or(
          searchCondition(filters.q, [shops.name]),
          sql`exists (select 1 from users u where u.shop_id = "shops"."id" and u.email ilike ${likePattern(filters.q)})`,
        )
      : undefined,
  );

const shopList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ ...shopColumns, ...listFields })
      .from(shops)
      .$dynamic(),
  where: conditions,
  sortColumns,
  tiebreak: shops.id,
  defaultSort: '-createdAt',
});

/** One page of shops and how many match. */
export const listShops = (db: Db, filters: ShopFilters, page: PageQuery) => shopList.page(db, filters, page);

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
