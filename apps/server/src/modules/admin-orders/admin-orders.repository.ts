import type { PageQuery } from '@esim/contracts';
import type { AdminOrdersCsvQuery } from '@esim/contracts/staff';
import { adminOrders, type Db, orders, packages, users } from '@esim/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { defineListQuery, searchCondition } from '../../lib/list-query';

export type AdminOrderFilters = AdminOrdersCsvQuery & {
  /** One staff member's order by the form's key. */
  key?: { staffUserId: string; idempotencyKey: string };
};
export type NewAdminOrderRow = typeof adminOrders.$inferInsert;

const staff = alias(users, 'staff');

const adminOrderList = defineListQuery({
  select: (db, listFields) =>
    db
      .select({
        adminOrder: adminOrders,
        order: orders,
        staffFirstName: staff.firstName,
        staffLastName: staff.lastName,
        ...listFields,
      })
      .from(adminOrders)
      .innerJoin(orders, eq(orders.id, adminOrders.orderId))
      .innerJoin(staff, eq(staff.id, adminOrders.staffUserId))
      .$dynamic(),
  where: (filters: AdminOrderFilters) =>
    and(
      filters.purpose ? eq(adminOrders.purpose, filters.purpose) : undefined,
      filters.key
        ? and(
            eq(adminOrders.staffUserId, filters.key.staffUserId),
            eq(adminOrders.idempotencyKey, filters.key.idempotencyKey),
          )
        : undefined,
      searchCondition(filters.q, [orders.number, orders.buyerEmail]),
    ),
  sortColumns: { createdAt: adminOrders.createdAt, totalCents: sql`${orders.totalCents}` },
  tiebreak: adminOrders.orderId,
  defaultSort: '-createdAt',
  // The search reads the joined orders, which the tiebreak table's own count would not see.
  totalInRows: () => true,
});

/** One page of the admin orders, with the order and the staff member who made it. */
export const listAdminOrders = (db: Db, filters: AdminOrderFilters, page: PageQuery) =>
  adminOrderList.page(db, filters, page);

/** Every admin order of the filters, in keyset batches (CSV). */
export const streamAdminOrders = (db: Db, filters: AdminOrderFilters) => adminOrderList.batches(db, filters);

export type AdminOrderListRow = Awaited<ReturnType<typeof listAdminOrders>>['rows'][number];

/** The admin order a staff member made with this form key (a double submit), as the list shows it. */
export const findAdminOrderByKey = async (db: Db, staffUserId: string, idempotencyKey: string) =>
  (
    await adminOrderList.rows(
      db,
      { sort: '-createdAt', key: { staffUserId, idempotencyKey } },
      { limit: 1, offset: 0 },
    )
  )[0];

export const insertAdminOrder = (db: Db, values: NewAdminOrderRow) => db.insert(adminOrders).values(values);

/** The customer account with this e-mail (deleted ones too: they may not receive orders either). */
export const findCustomerByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select({
      id: users.id,
      status: users.status,
      deletedAt: users.deletedAt,
      email: users.email,
      locale: users.locale,
    })
    .from(users)
    .where(and(eq(users.kind, 'customer'), eq(users.email, email)))
    .limit(1);
  return row;
};

/** Up to 100 sellable packages by name, searched by name or slug (the form's package choices). */
export const listSellablePackages = (db: Db, q: string | undefined) =>
  db
    .select({
      slug: packages.slug,
      name: packages.name,
      priceCents: packages.priceCents,
      offerPriceCents: packages.offerPriceCents,
    })
    .from(packages)
    .where(
      and(
        eq(packages.active, true),
        isNull(packages.deletedAt),
        searchCondition(q, [packages.name, packages.slug]),
      ),
    )
    .orderBy(asc(packages.name), asc(packages.slug))
    .limit(100);
