import { AllOrdersScreen } from '../../features/orders/components/orders-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders');

/** Every order of every kind (admin only, app/lib/access.ts); an order opens beside the list. */
export default function AllOrders() {
  return <AllOrdersScreen />;
}
