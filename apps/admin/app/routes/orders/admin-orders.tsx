import { AdminOrdersScreen } from '../../features/orders/components/admin-orders-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders');

/** Orders staff create for a customer or an e-mail, free or at an agreed price (admin only, app/lib/access.ts). */
export default function AdminOrders() {
  return <AdminOrdersScreen />;
}
