import { ReviewOrdersScreen } from '../../features/orders/components/orders-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders');

/** Orders the system could not settle (admin only, app/lib/access.ts), approved or cancelled in their drawer. */
export default function OrdersForReview() {
  return <ReviewOrdersScreen />;
}
