import { ReviewOrdersScreen } from '../../features/orders/components/orders-screens';
import { RefundAction } from '../../features/refunds/components/refund-action';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders', 'refunds');

/** Orders the system could not settle (admin only, app/lib/access.ts): approved, cancelled or refunded in their drawer. */
export default function OrdersForReview() {
  return <ReviewOrdersScreen orderExtra={(order) => <RefundAction orderId={order.id} />} />;
}
