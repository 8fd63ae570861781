import type { CustomerOrder, Locale, OrderRefund, PageQuery } from '@esim/contracts';
import { type Db, packageSnapshotOf } from '@esim/db';
import type { ServerI18n } from '@esim/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toPaged } from '../../lib/list-query';
import type { UserRow } from '../auth/auth.repository';
import { findPackageById, findSellablePackageBySlug } from '../catalogue/catalogue.repository';
import { orderPriceOf } from '../catalogue/package-price';
import { findOriginalPackage, listMovablePackages } from '../esims/esims.repository';
import { destinationOf, fitsEsim, usableEsim } from '../esims/esims.service';
import { listRefundsOfOrders } from '../refunds/refunds.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { type CheckoutDeps, insertNumberedOrder, openCheckout } from './checkout.service';
import { checkConfirmedPrice } from './confirmed-price';
import { findEsimChangeBlocker } from './order-conflicts.repository';
import { invoiceFileName, renderOrderInvoice } from './order-invoice';
import { toOrderRefund } from './order-receipts.service';
import { getOrder, listFirstOrders, listOrders, type OrderRow, packageNameOf } from './orders.repository';

const paidStatuses = new Set(['paid', 'completed', 'failed', 'for_review', 'refunded', 'partially_refunded']);

const paymentOf = (order: OrderRow, failedPayments: number): CustomerOrder['payment'] => {
  if (order.status === 'refunded') return 'refunded';
  if (order.paidAt && paidStatuses.has(order.status)) return 'paid';
  return failedPayments > 0 ? 'failed' : 'unpaid';
};

const toCustomerOrder = (
  order: OrderRow,
  failedPayments: number,
  refunds: OrderRefund[] = [],
): CustomerOrder => {
  const dataMb = order.packageSnapshot?.dataMb;
  const payment = paymentOf(order, failedPayments);
  return {
    id: order.id,
    number: order.number,
    kind: order.kind,
    packageName: packageNameOf(order),
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    payment,
    paidAt: order.paidAt?.toISOString() ?? null,
    dataGb: typeof dataMb === 'number' ? Math.round((dataMb / 1024) * 100) / 100 : null,
    totalCents: order.totalCents,
    currency: 'EUR',
    invoiceAvailable: payment === 'paid' || payment === 'refunded',
    refunds,
  };
};

/** The customer's own orders, newest first. */
export const listCustomerOrders = async (deps: { db: Db }, userId: string, page: PageQuery) => {
  const { total, rows } = await listOrders(deps.db, { scope: { userId } }, page);
  // A second payment from another tab is refunded on an order that is itself paid: the list says so.
  const refunds = await listRefundsOfOrders(
    deps.db,
    rows.map((r) => r.order.id),
  );
  return toPaged(
    page,
    total,
    rows.map((r) =>
      toCustomerOrder(
        r.order,
        r.failedPayments,
        refunds.filter((refund) => refund.orderId === r.order.id).map(toOrderRefund),
      ),
    ),
  );
};

/** The session's order (SPEC section 3): the customer's latest order that is paid for or awaiting payment. */
export const findCurrentOrder = async (deps: { db: Db }, userId: string) => {
  const [row] = await listFirstOrders(
    deps.db,
    { scope: { userId }, fulfilmentStatuses: ['pending', 'paid'] },
    1,
  );
  return row ? { id: row.order.id, number: row.order.number, status: row.order.status } : null;
};

/** The invoice PDF of the customer's own paid order, in the account's language. */
export const getCustomerInvoice = async (
  deps: { db: Db; i18n: ServerI18n },
  userId: string,
  orderId: string,
  locale: Locale,
) => {
  const order = await getOrder(deps.db, orderId, { userId });
  if (!order) throw new AppError('NOT_FOUND');
  if (!toCustomerOrder(order, 0).invoiceAvailable) throw new AppError('INVOICE_UNAVAILABLE');
  const t = deps.i18n.fixedT(locale, 'mail');
  const pdf = await renderOrderInvoice(t, { ...order, locale }, await getGeneralOptions(deps.db));
  return { pdf, fileName: invoiceFileName(t, order) };
};

const buyerOf = (user: UserRow) => ({
  userId: user.id,
  buyerName: `${user.firstName} ${user.lastName}`.trim(),
  buyerEmail: user.email,
  buyerPhone: user.phone,
  country: user.country,
});

/**
 * Buy package: a card order for a package on an own eSIM; fulfilment queues it behind the active one. A price
 * other than the one the button showed refuses it, nothing written (ADR 0093).
 */
export const createTopUp = async (
  deps: CheckoutDeps,
  input: {
    user: UserRow;
    esimId: string;
    packageSlug: string;
    locale: Locale;
    expectedTotalCents?: number | undefined;
  },
  log: FastifyBaseLogger,
) => {
  const esim = await usableEsim(deps.db, { userId: input.user.id }, input.esimId, 'topUp');
  const pkg = await findSellablePackageBySlug(deps.db, input.packageSlug);
  if (!pkg) throw new AppError('NOT_FOUND', { packageSlug: ['errors.NOT_FOUND'] });
  if (!fitsEsim(await destinationOf(deps.db, esim), pkg))
    throw new AppError('TOP_UP_NOT_ALLOWED', { packageSlug: ['errors.TOP_UP_NOT_ALLOWED'] });
  const price = orderPriceOf(pkg);
  checkConfirmedPrice({ totalCents: input.expectedTotalCents }, price);
  const order = await insertNumberedOrder(deps, {
    kind: 'topup',
    ...buyerOf(input.user),
    packageId: pkg.id,
    targetEsimId: esim.id,
    packageSnapshot: packageSnapshotOf(pkg),
    ...price,
    paymentMethod: 'card',
    locale: input.locale,
  });
  return { order, checkoutUrl: await openCheckout(deps, order, pkg.slug, log, { othersOpen: 'none' }) };
};

export const quoteEsimChange = async (deps: { db: Db }, userId: string, esimId: string) => {
  const esim = await usableEsim(deps.db, { userId }, esimId, 'change');
  const options = await getGeneralOptions(deps.db);
  return {
    priceCents: options.changeEsimPriceCents,
    currency: 'EUR' as const,
    packagesToMove: (await listMovablePackages(deps.db, esim.id)).length,
  };
};

/**
 * Change eSIM (SPEC section 4): a card order for a new eSIM that takes over every active and queued package.
 * One change at a time per eSIM: one awaiting payment or paid and still being fulfilled refuses another. A fee
 * other than the one the form showed refuses it, nothing written (ADR 0093).
 */
export const createEsimChange = async (
  deps: CheckoutDeps,
  input: { user: UserRow; esimId: string; locale: Locale; expectedTotalCents?: number | undefined },
  log: FastifyBaseLogger,
) => {
  const esim = await usableEsim(deps.db, { userId: input.user.id }, input.esimId, 'change');
  const blocker = await findEsimChangeBlocker(deps.db, esim.id);
  if (blocker) throw new AppError(blocker);
  const [first] = await listMovablePackages(deps.db, esim.id);
  // The new profile is ordered with the package it will carry first (or the eSIM's original one).
  const pkg = first
    ? await findPackageById(deps.db, first.packageId)
    : await findOriginalPackage(deps.db, esim.id);
  if (!pkg) throw new AppError('NOT_FOUND');
  const { changeEsimPriceCents } = await getGeneralOptions(deps.db);
  checkConfirmedPrice({ totalCents: input.expectedTotalCents }, { totalCents: changeEsimPriceCents });
  const order = await insertNumberedOrder(deps, {
    kind: 'change_esim',
    ...buyerOf(input.user),
    packageId: pkg.id,
    targetEsimId: esim.id,
    packageSnapshot: packageSnapshotOf(pkg),
    subtotalCents: changeEsimPriceCents,
    totalCents: changeEsimPriceCents,
    paymentMethod: 'card',
    locale: input.locale,
  });
  return { order, checkoutUrl: await openCheckout(deps, order, pkg.slug, log, { othersOpen: 'none' }) };
};
