import { salePriceCents } from '@esim/contracts';
import type {
  AdminOrder,
  AdminOrdersCsvQuery,
  AdminOrdersQuery,
  CreateAdminOrderBody,
} from '@esim/contracts/staff';
import { type Db, packageSnapshotOf } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { TFunction } from 'i18next';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import { recordChange } from '../audit/audit.repository';
import { customerMay } from '../auth/customer-lifecycle';
import type { Mailer } from '../mail/mail.service';
import { recordOrderEvent } from '../order-timeline/order-timeline.repository';
import { ensureBuyerAccount } from '../orders/buyer-account.service';
import { insertNumberedOrder, isUniqueViolation } from '../orders/checkout.service';
import {
  changeOrderStatus,
  findPackageAndContactConflicts,
  packageNameOf,
} from '../orders/orders.repository';
import {
  type AdminOrderListRow,
  findAdminOrderByKey,
  findCustomerByEmail,
  insertAdminOrder,
  listAdminOrders as listAdminOrderRows,
  listSellablePackages,
  streamAdminOrders,
} from './admin-orders.repository';

// Admin orders (issue 31, ADR 0043): staff give a package to a customer or an e-mail, free or at a price settled
// off the platform. The order is paid on creation and fulfilled by the same job as a bought eSIM.

export type AdminOrderDeps = {
  db: Db;
  config: Pick<Config, 'siteUrl'>;
  i18n: ServerI18n;
  mailer: Mailer;
  jobs: { enqueueFulfilment: (orderId: string) => Promise<void> };
};

const toAdminOrder = (row: AdminOrderListRow): AdminOrder => ({
  id: row.order.id,
  number: row.order.number,
  status: row.order.status,
  buyerName: row.order.buyerName,
  buyerEmail: row.order.buyerEmail,
  packageName: packageNameOf(row.order),
  totalCents: row.order.totalCents,
  paymentMethod: row.order.paymentMethod,
  purpose: row.adminOrder.purpose,
  reason: row.adminOrder.reason,
  staffName: `${row.staffFirstName} ${row.staffLastName}`.trim(),
  createdAt: row.adminOrder.createdAt.toISOString(),
});

/**
 * The order's price: the package's list price, less what staff waived. A price above the list price is taken as
 * it is (a partner deal). No payment is taken here: a price above 0 is settled off the platform (ADR 0043).
 */
export const adminOrderPrice = (listPriceCents: number, priceCents: number) => {
  const subtotalCents = Math.max(listPriceCents, priceCents);
  return { subtotalCents, discountCents: subtotalCents - priceCents, totalCents: priceCents };
};

/**
 * Creates a paid admin order and queues its fulfilment. Refused, with nothing written, for an unknown package or a
 * blocked or deleted customer. A second submit with the same form key (even at the same moment) answers the first
 * order. The order's creation, the staff action and its audit row land in one transaction.
 */
export const createAdminOrder = async (
  deps: AdminOrderDeps,
  input: { staffUserId: string; body: CreateAdminOrderBody; t: TFunction },
) => {
  const { body, staffUserId } = input;
  const answer = (row: AdminOrderListRow, created: boolean) => {
    const order = toAdminOrder(row);
    const key = created ? 'admin:adminOrders.messages.created' : 'admin:adminOrders.messages.duplicate';
    return { order, created, message: input.t(key, { number: order.number, email: order.buyerEmail }) };
  };
  const earlier = await findAdminOrderByKey(deps.db, staffUserId, body.idempotencyKey);
  if (earlier) return answer(earlier, false);

  const found = await findPackageAndContactConflicts(deps.db, { slug: body.packageSlug, contact: null });
  if (!found) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  const customer = await findCustomerByEmail(deps.db, body.email);
  if (customer && !customerMay(customer, 'buy'))
    throw new AppError('CUSTOMER_BLOCKED', { email: ['errors.CUSTOMER_BLOCKED'] });

  const { pkg } = found;
  const by = { actor: 'staff' as const, staffUserId, reason: body.reason };
  let orderId: string;
  try {
    orderId = await deps.db.transaction(async (tx) => {
      const order = await insertNumberedOrder(
        { db: tx },
        {
          kind: 'admin',
          userId: customer?.id ?? null,
          packageId: pkg.id,
          packageSnapshot: packageSnapshotOf(pkg),
          ...adminOrderPrice(salePriceCents(pkg), body.priceCents),
          paymentMethod: 'free',
          buyerName: body.fullName,
          buyerEmail: body.email,
          buyerPhone: null,
          country: null,
          locale: body.locale ?? customer?.locale ?? 'sq',
        },
        by,
      );
      await insertAdminOrder(tx, {
        orderId: order.id,
        staffUserId,
        purpose: body.purpose,
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
      });
      await recordOrderEvent(tx, order.id, {
        kind: 'staff_action',
        actor: 'staff',
        staffUserId,
        detail: { action: 'create_admin_order', reason: `${body.purpose}: ${body.reason}` },
      });
      // A new e-mail gets its account (and the e-mail to choose a password) as an unregistered buyer does.
      const userId = await ensureBuyerAccount(deps, tx, order);
      await changeOrderStatus(tx, order, 'paid', by, { userId, paidAt: new Date() });
      await recordChange(tx, {
        staffUserId,
        action: 'order.create_admin',
        entityType: 'order',
        entityId: order.id,
        before: null,
        after: {
          number: order.number,
          buyerEmail: order.buyerEmail,
          packageSlug: pkg.slug,
          totalCents: order.totalCents,
          purpose: body.purpose,
          reason: body.reason,
        },
      });
      return order.id;
    });
  } catch (error) {
    // The same form submitted twice at once: the other request made the order.
    if (!isUniqueViolation(error, 'admin_orders_staff_key')) throw error;
    const first = await findAdminOrderByKey(deps.db, staffUserId, body.idempotencyKey);
    if (!first) throw error;
    return answer(first, false);
  }
  await deps.jobs.enqueueFulfilment(orderId);
  const created = await findAdminOrderByKey(deps.db, staffUserId, body.idempotencyKey);
  if (!created) throw new Error('admin order vanished after commit');
  return answer(created, true);
};

/** The admin orders (admin only), one page. */
export const listAdminOrders = async (deps: { db: Db }, query: AdminOrdersQuery) => {
  const { rows, total } = await listAdminOrderRows(deps.db, query, query);
  return toPaged(query, total, rows.map(toAdminOrder));
};

const columns: CsvColumn<AdminOrder>[] = [
  { header: 'number', value: (o) => o.number },
  { header: 'status', value: (o) => o.status },
  { header: 'buyerName', value: (o) => o.buyerName },
  { header: 'buyerEmail', value: (o) => o.buyerEmail },
  { header: 'packageName', value: (o) => o.packageName },
  { header: 'totalCents', value: (o) => o.totalCents },
  { header: 'purpose', value: (o) => o.purpose },
  { header: 'reason', value: (o) => o.reason },
  { header: 'staffName', value: (o) => o.staffName },
  { header: 'createdAt', value: (o) => o.createdAt },
];

/** The whole filtered list as CSV, read in batches as the download goes. */
export const exportAdminOrders = (deps: { db: Db }, query: AdminOrdersCsvQuery) =>
  csvStream(
    columns,
    (async function* () {
      for await (const batch of streamAdminOrders(deps.db, query)) yield batch.map(toAdminOrder);
    })(),
  );

/** The packages the form offers, at the price a buyer would pay. */
export const listAdminOrderPackages = async (deps: { db: Db }, q: string | undefined) => ({
  items: (await listSellablePackages(deps.db, q)).map((pkg) => ({
    slug: pkg.slug,
    name: pkg.name,
    priceCents: salePriceCents(pkg),
  })),
});
