/** The failed-transactions list, defined once (STYLE "Screens that repeat"); screens are presets of it. */
import { failedOrdersQuerySchema } from '@esim/contracts';
import { defineList } from '@esim/ui/list/define-list';
import { exportFailedOrders, listFailedOrders } from './api/list-failed-orders';

export const failedOrdersList = defineList({
  id: 'failed-orders',
  query: failedOrdersQuerySchema,
  fetch: listFailedOrders,
  labels: 'admin-orders:failedOrders',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number', { sortable: true, opensDetail: true }),
    col.text('buyerEmail'),
    col.text('packageName'),
    col.money('totalCents', { sortable: true }),
    col.text('failureReason'),
    col.number('fulfilmentAttempts', { hidden: true }),
    col.date('paidAt', { sortable: true, hidden: true }),
    col.date('failedAt', { sortable: true }),
  ],
  filters: (filter) => [filter.search('q')],
  csv: exportFailedOrders,
});
