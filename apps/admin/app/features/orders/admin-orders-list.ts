/** The admin orders list, defined once: who on staff gave which package to whom, and why. */
import { adminOrderPurposes, adminOrdersQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { orderStatus } from '../../lib/order-rows';
import { exportAdminOrders, listAdminOrders } from './api/admin-orders';

/** Why staff made the order, in words and colour. */
export const adminOrderPurpose = defineStatuses('admin-orders:adminOrders.purposes', {
  compensation: 'orange',
  partner: 'blue',
  test: 'gray',
});

export const adminOrdersList = defineList({
  id: 'admin-orders',
  query: adminOrdersQuerySchema,
  fetch: listAdminOrders,
  labels: 'admin-orders:adminOrders',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number'),
    col.text('buyerEmail'),
    col.text('buyerName', { hidden: true }),
    col.text('packageName'),
    col.money('totalCents', { sortable: true }),
    col.status('status', orderStatus),
    col.status('purpose', adminOrderPurpose),
    col.text('reason'),
    col.text('staffName'),
    col.date('createdAt', { sortable: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('purpose', adminOrderPurposes, adminOrderPurpose.labels),
  ],
  csv: exportAdminOrders,
});
