import { FacebookOrdersScreen } from '../../features/facebook/components/facebook-orders-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('facebook');

/** Our orders that came through a Facebook ad (admin and analytics). */
export default function FacebookOrders() {
  return <FacebookOrdersScreen />;
}
