import type { PageQuery } from '@esim/contracts';
import type { BusinessesQuery, BusinessOrdersQuery } from '@esim/contracts/staff';
import { businesses, type Db, orders } from '@esim/db';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type BusinessRow = typeof businesses.$inferSelect;

export type BusinessFilters = Pick<BusinessesQuery, 'q' | 'status' | 'businessType'> & {
  sort?: BusinessesQuery['sort'];
};

const conditions = (filters: BusinessFilters): SQL | undefined =>
  and(
    filters.status ? eq(businesses.status, filters.status) : undefined,
    filters.businessType ? eq(businesses.businessType, filters.businessType) : undefined,
    searchCondition(filters.q, [
      businesses.fullName,
      businesses.companyName,
      businesses.email,
      businesses.referralCode,
    ]),
  );

const businessList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ business: businesses, ...listFields })
      .from(businesses)
      .$dynamic(),
  where: conditions,
  sortColumns: { createdAt: businesses.createdAt, fullName: businesses.fullName },
  tiebreak: businesses.id,
  defaultSort: '-createdAt',
});

/** One page of partner applications and how many match. */
export const listBusinesses = (db: Db, filters: BusinessFilters, page: PageQuery) =>
  businessList.page(db, filters, page);

export const findBusiness = async (db: Db, businessId: string) =>
  (await db.select().from(businesses).where(eq(businesses.id, businessId)))[0];

export const lockBusiness = async (tx: Db, businessId: string) =>
  (await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update'))[0];

export const updateBusiness = async (
  tx: Db,
  businessId: string,
  values: Partial<Pick<BusinessRow, 'status' | 'referralCode' | 'shopId' | 'rejectionReason' | 'decidedAt'>>,
) =>
  (
    await tx
      .update(businesses)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(businesses.id, businessId))
      .returning()
  )[0];

export const referralCodeTaken = async (db: Db, code: string) =>
  (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.referralCode, code)).limit(1))
    .length > 0;

export type BusinessOrderFilters = Pick<BusinessOrdersQuery, 'businessId' | 'q'> & {
  sort?: BusinessOrdersQuery['sort'];
};

const businessOrderConditions = (filters: BusinessOrderFilters) =>
  and(
    isNotNull(orders.businessId),
    filters.businessId ? eq(orders.businessId, filters.businessId) : undefined,
    searchCondition(filters.q, [orders.number, orders.buyerEmail]),
  );

/** Orders a partner's link brought, with the partner's name and code (the count is of orders). */
const businessOrderList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ order: orders, business: businesses, ...listFields })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .$dynamic(),
  where: businessOrderConditions,
  sortColumns: { createdAt: orders.createdAt, totalCents: orders.totalCents },
  tiebreak: orders.id,
  defaultSort: '-createdAt',
});

/** One page of the orders partners' links brought, and how many match. */
export const listBusinessOrders = (db: Db, filters: BusinessOrderFilters, page: PageQuery) =>
  businessOrderList.page(db, filters, page);

/** Per partner (of the filter): paid orders and their total. */
export const businessTotals = (db: Db, query: Pick<BusinessOrdersQuery, 'businessId' | 'q'>) =>
  db
    .select({
      businessId: businesses.id,
      businessName: sql<string>`coalesce(${businesses.companyName}, ${businesses.fullName})`,
      referralCode: sql<string>`coalesce(${businesses.referralCode}, '')`,
      paidOrders: sql<number>`count(*) filter (where ${orders.paidAt} is not null)`.mapWith(Number),
      paidTotalCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paidAt} is not null), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(businessOrderConditions(query))
    .groupBy(businesses.id);
