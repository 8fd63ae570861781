import type { PageQuery } from '@esim/contracts';
import type { StaffRefundsCsvQuery } from '@esim/contracts/staff';
import { type Db, esimPackages, esims, orders, refunds, users } from '@esim/db';
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type RefundFilters = StaffRefundsCsvQuery;

const staff = alias(users, 'refund_staff');

/** A refund with its order and the staff member who made it: what the lists and answers show. */
const refundSelection = {
  refund: refunds,
  orderNumber: orders.number,
  orderKind: orders.kind,
  buyerEmail: orders.buyerEmail,
  staffName: sql<string | null>`${staff.firstName} || ' ' || ${staff.lastName}`,
};

const selectRefunds = (db: Db) =>
  db
    .select(refundSelection)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(staff, eq(staff.id, refunds.staffUserId));

const refundList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({ ...refundSelection, ...listFields })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(staff, eq(staff.id, refunds.staffUserId))
      .$dynamic(),
  // The search names orders (a joined table) through a subquery on the refund's own column, so the total, a
  // count of refunds, sees it too.
  where: (filters: RefundFilters, db) =>
    and(
      filters.status ? eq(refunds.status, filters.status) : undefined,
      filters.kind ? eq(refunds.kind, filters.kind) : undefined,
      filters.q
        ? inArray(
            refunds.orderId,
            db
              .select({ id: orders.id })
              .from(orders)
              .where(searchCondition(filters.q, [orders.number, orders.buyerEmail])),
          )
        : undefined,
    ),
  sortColumns: { createdAt: refunds.createdAt, amountCents: refunds.amountCents },
  tiebreak: refunds.id,
  defaultSort: '-createdAt',
});

export type StaffRefundRow = NonNullable<Awaited<ReturnType<typeof getStaffRefund>>>;

export const listRefunds = (db: Db, filters: RefundFilters, page: PageQuery) =>
  refundList.page(db, filters, page);
export const streamRefunds = (db: Db, filters: RefundFilters) => refundList.batches(db, filters);

export const getStaffRefund = async (db: Db, refundId: string) => {
  const [row] = await selectRefunds(db).where(eq(refunds.id, refundId)).limit(1);
  return row;
};

export const listStaffRefundsOfOrder = (db: Db, orderId: string) =>
  selectRefunds(db).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt));

/**
 * The same staff member's identical refund of this order a moment ago: a double click, answered once. One refund
 * may be two rows (the card's part and a gift card's part, made in one transaction), so the rows of the window
 * are added up (one transaction, one `created_at`); the card's row is the answer.
 */
export const findRecentSameRefund = async (
  db: Db,
  input: { orderId: string; staffUserId: string; kind: string; amountCents: number; reason: string },
  withinSeconds: number,
) => {
  const [row] = await db
    .select({
      id: sql<string>`(array_agg(${refunds.id} order by ${refunds.paymentId} nulls last))[1]`,
      cents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, input.orderId),
        eq(refunds.staffUserId, input.staffUserId),
        sql`${refunds.kind} = ${input.kind}`,
        eq(refunds.reason, input.reason),
        gt(refunds.createdAt, sql`now() - make_interval(secs => ${withinSeconds})`),
      ),
    )
    .groupBy(refunds.createdAt)
    .having(sql`sum(${refunds.amountCents}) = ${input.amountCents}`)
    .limit(1);
  return row ? { id: row.id } : undefined;
};

/** The eSIM an order bought and the packages that order put on it (the ones a refund may cancel). */
export const listPackagesOfOrder = (db: Db, orderId: string) =>
  db
    .select({ esimPackage: esimPackages, esim: esims })
    .from(esimPackages)
    .innerJoin(esims, eq(esims.id, esimPackages.esimId))
    .where(eq(esimPackages.orderId, orderId));

/**
 * A client's orders that may still have money to give back, oldest first: paid through us (card, gift card or
 * shop credits), whatever happened since, and not yet refunded in full.
 */
export const listRefundableOrderIdsOfClient = async (db: Db, userId: string) => {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        isNotNull(orders.paidAt),
        sql`${orders.refundedCents} < ${orders.totalCents}`,
        inArray(orders.paymentMethod, ['card', 'credits', 'gift_card']),
      ),
    )
    .orderBy(orders.createdAt);
  return rows.map((r) => r.id);
};

export const clientExists = async (db: Db, userId: string) =>
  (await db.$count(users, and(eq(users.id, userId), eq(users.kind, 'customer')))) > 0;
