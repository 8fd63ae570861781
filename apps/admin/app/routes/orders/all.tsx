import { AllOrdersScreen } from '../../features/orders/components/orders-screens';
import { RefundAction } from '../../features/refunds/components/refund-action';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders', 'refunds');

/** Every order of every kind (admin only, app/lib/access.ts); an order opens beside the list, with its refund. */
export default function AllOrders() {
  return <AllOrdersScreen orderExtra={(order) => <RefundAction orderId={order.id} />} />;
}
