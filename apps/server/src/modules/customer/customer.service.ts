import {
  type CustomerEsim,
  type CustomerEsimInstall,
  type CustomerOrder,
  esimInstallLimit,
  type Locale,
} from '@esim/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { toEsimInstall } from '../esims/qr-code';
import { packageNameOf, renderOrderInvoice } from '../orders/order-mails';
import type { EsimRow, OrderRow } from '../orders/orders.repository';
import { getGeneralOptions } from '../settings/settings.repository';
import { applyUsage } from '../usage/usage.service';
import {
  findEsimOfUser,
  findOrderOfUser,
  listEsimsOfUser,
  listOrdersOfUser,
  listPackagesOfEsims,
} from './customer.repository';

const paidStatuses = new Set(['paid', 'completed', 'failed', 'for_review', 'refunded', 'partially_refunded']);

const paymentOf = (order: OrderRow, failedPayments: number): CustomerOrder['payment'] => {
  if (order.status === 'refunded') return 'refunded';
  if (order.paidAt && paidStatuses.has(order.status)) return 'paid';
  return failedPayments > 0 ? 'failed' : 'unpaid';
};

const toCustomerOrder = (order: OrderRow, failedPayments: number): CustomerOrder => {
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
  };
};

export const listCustomerOrders = async (deps: AppDeps, userId: string, page: number, pageSize: number) => {
  const { total, rows } = await listOrdersOfUser(deps.db, userId, page, pageSize);
  if (page > 1 && rows.length === 0) throw new AppError('PAGE_OUT_OF_RANGE');
  return { items: rows.map((r) => toCustomerOrder(r.order, r.failedPayments)), page, pageSize, total };
};

/** The invoice PDF of the customer's own paid order, in the account's language. */
export const getCustomerInvoice = async (deps: AppDeps, userId: string, orderId: string, locale: Locale) => {
  const order = await findOrderOfUser(deps.db, userId, orderId);
  if (!order) throw new AppError('NOT_FOUND');
  if (!toCustomerOrder(order, 0).invoiceAvailable) throw new AppError('INVOICE_UNAVAILABLE');
  const t = deps.i18n.fixedT(locale, 'mail');
  const pdf = await renderOrderInvoice(t, { ...order, locale }, await getGeneralOptions(deps.db));
  return { pdf, fileName: `${t('invoice.fileName')}-${order.number}.pdf` };
};

const toCustomerEsims = async (deps: AppDeps, rows: EsimRow[]): Promise<CustomerEsim[]> => {
  const packages = await listPackagesOfEsims(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((esim) => ({
    id: esim.id,
    iccid: esim.iccid,
    status: esim.status,
    installCount: esim.installCount,
    installLimit: esimInstallLimit,
    replacedById: esim.replacedById,
    createdAt: esim.createdAt.toISOString(),
    packages: packages
      .filter((p) => p.esimId === esim.id)
      .map((p) => ({
        id: p.id,
        name: String(p.snapshot.name ?? ''),
        status: p.status as CustomerEsim['packages'][number]['status'],
        dataMb: p.dataMb,
        usedMb: p.dataUsedMb,
        remainingMb: p.dataMb === null ? null : Math.max(0, p.dataMb - p.dataUsedMb),
        validityDays: p.validityDays,
        boughtAt: p.createdAt.toISOString(),
        activatedAt: p.activatedAt?.toISOString() ?? null,
        expiresAt: p.expiresAt?.toISOString() ?? null,
        usageUpdatedAt: p.usageUpdatedAt?.toISOString() ?? null,
      })),
  }));
};

export const listCustomerEsims = async (deps: AppDeps, userId: string) =>
  toCustomerEsims(deps, await listEsimsOfUser(deps.db, userId));

const ownEsim = async (deps: AppDeps, userId: string, esimId: string) => {
  const esim = await findEsimOfUser(deps.db, userId, esimId);
  if (!esim) throw new AppError('NOT_FOUND');
  return esim;
};

export const getCustomerEsimInstall = async (
  deps: AppDeps,
  userId: string,
  esimId: string,
): Promise<CustomerEsimInstall> => {
  const esim = await ownEsim(deps, userId, esimId);
  return { ...(await toEsimInstall(esim)), installCount: esim.installCount, installLimit: esimInstallLimit };
};

/** "Refresh" on the active packages screen: asks the provider for the eSIM's usage now. */
export const refreshCustomerEsimUsage = async (deps: AppDeps, userId: string, esimId: string) => {
  const esim = await ownEsim(deps, userId, esimId);
  const [usage] = await deps.esimProvider.getUsage([esim.providerRef]);
  if (usage) await applyUsage(deps, esim.id, usage.usedMb);
  const [view] = await toCustomerEsims(deps, [esim]);
  if (!view) throw new AppError('NOT_FOUND');
  return view;
};
