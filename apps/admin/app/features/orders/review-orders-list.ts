/** "For review" (issue 31, ADR 0034): orders the system could not settle, with why; each opens beside it. */
import type { OrderReviewReason } from '@esim/contracts';
import { staffReviewOrdersQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { orderKind } from './all-orders-list';
import { exportReviewOrders, listReviewOrders } from './api/list-review-orders';

export const reviewReason = defineStatuses<OrderReviewReason>('admin-orders:orderScreens.reviewReasons', {
  amount_mismatch: 'orange',
  esim_change_race: 'red',
  coupon_limit_late_payment: 'orange',
  buyer_blocked: 'red',
  buyer_deleted: 'red',
});

export const reviewOrdersList = defineList({
  id: 'review-orders',
  query: staffReviewOrdersQuerySchema,
  fetch: listReviewOrders,
  labels: 'admin-orders:orderScreens.all',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number', { sortable: true, opensDetail: true }),
    col.status('kind', orderKind),
    col.status('reviewReason', reviewReason),
    col.text('failureReason', { hidden: true }),
    col.text('buyerEmail'),
    col.money('totalCents', { sortable: true }),
    col.date('paidAt', { sortable: true }),
    col.date('createdAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [filter.search('q'), filter.select('reviewReason', reviewReason)],
  csv: exportReviewOrders,
});
