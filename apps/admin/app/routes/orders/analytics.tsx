import { OrderAnalyticsScreen } from '../../features/analytics/components/order-analytics-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('analytics');

/** Revenue, orders and average order over time and by kind, country, package and payment method (admin only). */
export default function OrdersAnalytics() {
  return <OrderAnalyticsScreen />;
}
