import { FailedOrdersScreen } from '../../features/orders/components/failed-orders-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders');

/** Orders whose fulfilment failed (admin only, app/lib/access.ts), with "retry fulfilment" for the chosen rows. */
export default function FailedTransactions() {
  return <FailedOrdersScreen />;
}
