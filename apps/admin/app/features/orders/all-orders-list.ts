/** "All orders" (issue 31), defined once; the order opens beside it (order-detail.tsx). */
import { type OrderKind, orderKinds } from '@esim/contracts';
import { paymentMethods, staffOrdersQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses, type StatusTone } from '@esim/ui/status-list';
import { orderStatus } from '../../lib/order-rows';
import { exportAllOrders, listAllOrders } from './api/list-all-orders';

export const orderKind = defineStatuses(
  'admin-orders:orderScreens.kinds',
  Object.fromEntries(orderKinds.map((kind) => [kind, 'gray'])) as Record<OrderKind, StatusTone>,
);

export const allOrdersList = defineList({
  id: 'all-orders',
  query: staffOrdersQuerySchema,
  fetch: listAllOrders,
  labels: 'admin-orders:orderScreens.all',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number', { sortable: true, opensDetail: true }),
    col.status('kind', orderKind),
    col.status('status', orderStatus),
    col.custom('paymentMethod', (order, { t }) =>
      t(`admin-orders:orderScreens.paymentMethods.${order.paymentMethod}`),
    ),
    col.text('buyerName', { hidden: true }),
    col.text('buyerEmail'),
    col.text('packageName'),
    col.text('country'),
    // A shop's order links to all its orders (the shop filter).
    col.custom(
      'shopId',
      (order, { t }) => (order.shopId ? t('admin-orders:orderScreens.all.shopOrders') : ''),
      {
        href: (order) => (order.shopId ? `/orders/all?shopId=${order.shopId}` : ''),
        hidden: true,
      },
    ),
    col.text('utmCampaign', { hidden: true }),
    col.money('totalCents', { sortable: true }),
    col.date('createdAt', { sortable: true }),
    col.date('paidAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('status', orderStatus),
    filter.select('kind', orderKind),
    filter.select('paymentMethod', paymentMethods, 'admin-orders:orderScreens.paymentMethods'),
    filter.select('channel', ['customer', 'shop'], 'admin-orders:orderScreens.channels'),
    filter.dateRange('createdAt'),
    filter.text('country'),
    filter.text('shopId'),
    filter.text('campaign'),
    filter.text('coupon'),
    filter.moneyRange('amount'),
    // The rows behind a report's figure (ADR 0076): sales as the analytics count them, by the day paid.
    filter.select('sales', ['yes'], 'admin:yesNo'),
    filter.dateRange('paidAt'),
    filter.text('source'),
    filter.text('sourceCampaign'),
    filter.text('landingPage'),
    filter.text('package'),
  ],
  csv: exportAllOrders,
});
