/**
 * Orders as other records show them (a client's latest orders, a shop's): one status list and one related-rows
 * definition, so the order table is drawn once. Its words are shared staff words (`admin:orderStatuses`,
 * `admin:orderRows`).
 */
import type { OrderStatus } from '@esim/contracts';
import { defineRows } from '@esim/ui/list/define-list';
import { defineStatuses, type StatusTone } from '@esim/ui/status-list';

const tones: Record<OrderStatus, StatusTone> = {
  pending: 'gray',
  paid: 'blue',
  completed: 'green',
  failed: 'red',
  for_review: 'brown',
  refunded: 'orange',
  partially_refunded: 'orange',
  cancelled: 'gray',
};
export const orderStatus = defineStatuses('admin:orderStatuses', tones);

/** What both a client's and a shop's order rows carry. */
export type OrderRow = {
  id: string;
  number: string;
  status: OrderStatus;
  /** Null for a shop's credit top-up. */
  packageName: string | null;
  totalCents: number;
  createdAt: string;
};

export const orderRows = defineRows<OrderRow>({
  id: 'order-rows',
  labels: 'admin:orderRows',
  rowId: (order) => order.id,
  columns: (col) => [
    col.text('number'),
    col.custom('packageName', (order, { t }) => order.packageName ?? t('admin:orderRows.topup')),
    col.status('status', orderStatus),
    col.money('totalCents'),
    col.date('createdAt', { time: false }),
  ],
});
