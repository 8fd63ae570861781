import type { FailedOrder, FailedOrdersQuery, PageQuery } from '@esim/contracts';
import type {
  StaffOrder,
  StaffOrdersCsvQuery,
  StaffReviewOrder,
  StaffReviewOrdersCsvQuery,
} from '@esim/contracts/staff';
import type { Db } from '@esim/db';
import { type CsvColumn, csvStream } from '../../lib/csv';
import { toPaged } from '../../lib/list-query';
import {
  listOrders,
  type OrderFilters,
  type OrderRow,
  packageNameOf,
  streamOrders,
} from './orders.repository';

/** Staff see every order; this list is those whose fulfilment failed, until their money is back in full. */
const failedOrders = ({ sort, q }: Pick<FailedOrdersQuery, 'sort' | 'q'>): OrderFilters => ({
  scope: 'all',
  fulfilmentStatuses: ['failed'],
  statuses: ['failed', 'partially_refunded'],
  sort,
  ...(q ? { q } : {}),
});

const toFailedOrder = (row: OrderRow): FailedOrder => ({
  id: row.id,
  number: row.number,
  status: row.status,
  buyerEmail: row.buyerEmail,
  packageName: packageNameOf(row),
  totalCents: row.totalCents,
  failureReason: row.failureReason,
  fulfilmentAttempts: row.fulfilmentAttempts,
  paidAt: row.paidAt?.toISOString() ?? null,
  failedAt: row.failedAt?.toISOString() ?? null,
});

/** Paid orders whose fulfilment failed (admin only), one page. */
export const listFailedOrders = async (
  deps: { db: Db },
  query: PageQuery & Pick<FailedOrdersQuery, 'sort' | 'q'>,
) => {
  const { total, rows } = await listOrders(deps.db, failedOrders(query), query);
  return toPaged(
    query,
    total,
    rows.map((r) => toFailedOrder(r.order)),
  );
};

const failedOrderColumns: CsvColumn<FailedOrder>[] = [
  { header: 'number', value: (o) => o.number },
  { header: 'buyerEmail', value: (o) => o.buyerEmail },
  { header: 'packageName', value: (o) => o.packageName },
  { header: 'totalCents', value: (o) => o.totalCents },
  { header: 'failureReason', value: (o) => o.failureReason },
  { header: 'fulfilmentAttempts', value: (o) => o.fulfilmentAttempts },
  { header: 'paidAt', value: (o) => o.paidAt },
  { header: 'failedAt', value: (o) => o.failedAt },
];

/** The whole failed-orders list as CSV, read in batches as the download goes. */
export const exportFailedOrders = (deps: { db: Db }, query: Pick<FailedOrdersQuery, 'sort' | 'q'>) =>
  csvStream(
    failedOrderColumns,
    (async function* () {
      for await (const batch of streamOrders(deps.db, failedOrders(query)))
        yield batch.map((r) => toFailedOrder(r.order));
    })(),
  );

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** "All orders" (issue 31): every kind, the staff filters, the search by number, e-mail or ICCID. */
const allOrders = (query: StaffOrdersCsvQuery): OrderFilters => ({
  scope: 'all',
  sort: query.sort,
  ...(query.status ? { statuses: [query.status] } : {}),
  ...(query.kind ? { kinds: [query.kind] } : {}),
  ...(query.paymentMethod ? { paymentMethods: [query.paymentMethod] } : {}),
  ...(query.createdAtFrom ? { createdFrom: new Date(`${query.createdAtFrom}T00:00:00Z`) } : {}),
  ...(query.createdAtTo ? { createdBefore: dayAfter(query.createdAtTo) } : {}),
  ...(query.country ? { country: query.country } : {}),
  ...(query.shopId ? { shopId: query.shopId } : {}),
  ...(query.channel ? { channel: query.channel } : {}),
  ...(query.campaign ? { utmCampaign: query.campaign } : {}),
  ...(query.coupon ? { couponCode: query.coupon } : {}),
  ...(query.amountMinCents !== undefined ? { totalMinCents: query.amountMinCents } : {}),
  ...(query.amountMaxCents !== undefined ? { totalMaxCents: query.amountMaxCents } : {}),
  ...(query.q ? { lookup: query.q } : {}),
  ...(query.sales ? { sales: true } : {}),
  ...(query.paidAtFrom ? { paidFrom: new Date(`${query.paidAtFrom}T00:00:00Z`) } : {}),
  ...(query.paidAtTo ? { paidBefore: dayAfter(query.paidAtTo) } : {}),
  ...(query.source ? { source: query.source } : {}),
  ...(query.sourceCampaign ? { sourceCampaign: query.sourceCampaign } : {}),
  ...(query.landingPage ? { landingPage: query.landingPage } : {}),
  ...(query.package ? { packageId: query.package } : {}),
});

const toStaffOrder = (row: OrderRow): StaffOrder => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  status: row.status,
  paymentMethod: row.paymentMethod,
  buyerName: row.buyerName,
  buyerEmail: row.buyerEmail,
  country: row.country,
  shopId: row.shopId,
  packageName: packageNameOf(row),
  utmCampaign: row.utmCampaign,
  totalCents: row.totalCents,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** Every order, filtered, one page (admin only). */
export const listAllOrders = async (deps: { db: Db }, query: PageQuery & StaffOrdersCsvQuery) => {
  const { total, rows } = await listOrders(deps.db, allOrders(query), query);
  return toPaged(
    query,
    total,
    rows.map((r) => toStaffOrder(r.order)),
  );
};

const staffOrderColumns: CsvColumn<StaffOrder>[] = [
  { header: 'number', value: (o) => o.number },
  { header: 'kind', value: (o) => o.kind },
  { header: 'status', value: (o) => o.status },
  { header: 'paymentMethod', value: (o) => o.paymentMethod },
  { header: 'buyerName', value: (o) => o.buyerName },
  { header: 'buyerEmail', value: (o) => o.buyerEmail },
  { header: 'country', value: (o) => o.country },
  { header: 'shopId', value: (o) => o.shopId },
  { header: 'packageName', value: (o) => o.packageName },
  { header: 'utmCampaign', value: (o) => o.utmCampaign },
  { header: 'totalCents', value: (o) => o.totalCents },
  { header: 'currency', value: (o) => o.currency },
  { header: 'createdAt', value: (o) => o.createdAt },
  { header: 'paidAt', value: (o) => o.paidAt },
];

/** Exactly the filtered orders as CSV, read in keyset batches as the download goes. */
export const exportAllOrders = (deps: { db: Db }, query: StaffOrdersCsvQuery) =>
  csvStream(
    staffOrderColumns,
    (async function* () {
      for await (const batch of streamOrders(deps.db, allOrders(query)))
        yield batch.map((r) => toStaffOrder(r.order));
    })(),
  );

/** "For review" (ADR 0034): orders the system could not settle, and why. */
const reviewOrders = (query: StaffReviewOrdersCsvQuery): OrderFilters => ({
  scope: 'all',
  fulfilmentStatuses: ['for_review'],
  sort: query.sort,
  ...(query.reviewReason ? { reviewReasons: [query.reviewReason] } : {}),
  ...(query.q ? { lookup: query.q } : {}),
});

const toReviewOrder = (row: OrderRow): StaffReviewOrder => ({
  ...toStaffOrder(row),
  reviewReason: row.reviewReason,
  failureReason: row.failureReason,
});

/** Orders in review, one page (admin only). */
export const listReviewOrders = async (deps: { db: Db }, query: PageQuery & StaffReviewOrdersCsvQuery) => {
  const { total, rows } = await listOrders(deps.db, reviewOrders(query), query);
  return toPaged(
    query,
    total,
    rows.map((r) => toReviewOrder(r.order)),
  );
};

const reviewOrderColumns: CsvColumn<StaffReviewOrder>[] = [
  ...staffOrderColumns,
  { header: 'reviewReason', value: (o) => o.reviewReason },
  { header: 'failureReason', value: (o) => o.failureReason },
];

/** The orders in review as CSV. */
export const exportReviewOrders = (deps: { db: Db }, query: StaffReviewOrdersCsvQuery) =>
  csvStream(
    reviewOrderColumns,
    (async function* () {
      for await (const batch of streamOrders(deps.db, reviewOrders(query)))
        yield batch.map((r) => toReviewOrder(r.order));
    })(),
  );
