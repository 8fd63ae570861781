import type { BusinessesQuery, BusinessOrdersQuery } from '@esim/contracts/staff';
import { businesses, type Db, orders } from '@esim/db';
import { and, count, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { orderByOf, pageWindow } from '../../lib/list-query';

export type BusinessRow = typeof businesses.$inferSelect;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const conditions = (query: Pick<BusinessesQuery, 'q' | 'status' | 'businessType'>): SQL | undefined =>
  and(
    query.status ? eq(businesses.status, query.status) : undefined,
    query.businessType ? eq(businesses.businessType, query.businessType) : undefined,
    query.q
      ? or(
          ilike(businesses.fullName, likePattern(query.q)),
          ilike(businesses.companyName, likePattern(query.q)),
          ilike(businesses.email, likePattern(query.q)),
          ilike(businesses.referralCode, likePattern(query.q)),
        )
      : undefined,
  );

export const listBusinesses = async (db: Db, query: BusinessesQuery) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(businesses)
      .where(conditions(query))
      .orderBy(
        ...orderByOf(
          query.sort,
          { createdAt: businesses.createdAt, fullName: businesses.fullName },
          businesses.id,
        ),
      )
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ value: count() }).from(businesses).where(conditions(query)),
  ]);
  return { rows, total: total?.value ?? 0 };
};

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

const businessOrderConditions = (query: Pick<BusinessOrdersQuery, 'businessId' | 'q'>) =>
  and(
    isNotNull(orders.businessId),
    query.businessId ? eq(orders.businessId, query.businessId) : undefined,
    query.q
      ? or(ilike(orders.number, likePattern(query.q)), ilike(orders.buyerEmail, likePattern(query.q)))
      : undefined,
  );

/** Orders a partner's link brought, one page, with the partner's name and code. */
export const listBusinessOrders = async (db: Db, query: BusinessOrdersQuery) => {
  const where = businessOrderConditions(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, business: businesses })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(where)
      .orderBy(
        ...orderByOf(query.sort, { createdAt: orders.createdAt, totalCents: orders.totalCents }, orders.id),
      )
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

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
