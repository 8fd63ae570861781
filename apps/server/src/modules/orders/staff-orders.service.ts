import type { FailedOrder, FailedOrdersQuery, PageQuery } from '@esim/contracts';
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

/** Staff see every order; this list is those whose fulfilment failed. */
const failedOrders = ({ sort, q }: Pick<FailedOrdersQuery, 'sort' | 'q'>): OrderFilters => ({
  scope: 'all',
  statuses: ['failed'],
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
