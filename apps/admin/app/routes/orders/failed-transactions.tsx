import { FailedOrdersScreen } from '../../features/orders/components/failed-orders-screen';
import { RefundAction } from '../../features/refunds/components/refund-action';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders', 'refunds');

/**
 * Orders whose fulfilment failed (admin only, app/lib/access.ts), with "retry fulfilment" for the chosen rows; an
 * order opens beside the list with its refund (two features meet here, in the route).
 */
export default function FailedTransactions() {
  return <FailedOrdersScreen orderExtra={(order) => <RefundAction orderId={order.id} />} />;
}
