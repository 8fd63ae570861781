import { type Db, esimPackages, esims, shops } from '@esim/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';

/** Subscribers of the shop with at least one active package on one of their eSIMs (SPEC: active users). */
export const countActiveSubscribers = async (db: Db, shopId: string) => {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${esims.subscriberId})::int` })
    .from(esims)
    .innerJoin(esimPackages, eq(esimPackages.esimId, esims.id))
    .where(and(eq(esims.shopId, shopId), isNotNull(esims.subscriberId), eq(esimPackages.status, 'active')));
  return row?.n ?? 0;
};

/** The shop's own details, changed from its profile. */
export const updateShop = (
  db: Db,
  shopId: string,
  values: Partial<
    Pick<
      typeof shops.$inferInsert,
      'name' | 'sellShopPrice' | 'lowBalanceThresholdCents' | 'lowBalanceAlertArmed' | 'logo'
    >
  >,
) => db.update(shops).set(values).where(eq(shops.id, shopId)).returning();
