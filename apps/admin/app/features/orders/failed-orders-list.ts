/** The failed-transactions list, defined once (STYLE "Screens that repeat"); screens are presets of it. */
import { type FailedOrder, failedOrdersQuerySchema } from '@esim/contracts';
import { col, defineList, filter } from '@esim/ui/list/define-list';
import { exportFailedOrders, listFailedOrders } from './api/list-failed-orders';

export const failedOrdersList = defineList({
  id: 'failed-orders',
  query: failedOrdersQuerySchema,
  fetch: listFailedOrders,
  labels: 'admin:failedOrders',
  rowId: (order: FailedOrder) => order.id,
  columns: [
    col.text<FailedOrder>('number', { sortable: true }),
    col.text<FailedOrder>('buyerEmail'),
    col.text<FailedOrder>('packageName'),
    col.money<FailedOrder>('totalCents', { sortable: true }),
    col.text<FailedOrder>('failureReason'),
    col.number<FailedOrder>('fulfilmentAttempts', { hidden: true }),
    col.date<FailedOrder>('paidAt', { sortable: true, hidden: true }),
    col.date<FailedOrder>('failedAt', { sortable: true }),
  ],
  filters: [filter.search('q')],
  csv: exportFailedOrders,
});
