import { TrafficScreen } from '../../features/statistics/components/traffic-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics');

/** Visits, sessions, orders and revenue over time and by source (admin and analytics). */
export default function StatisticTraffic() {
  return <TrafficScreen />;
}
