import { TrafficSourceScreen } from '../../features/statistics/components/traffic-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics');

/** One source over time, its campaigns and landing pages (admin and analytics). */
export default function StatisticTrafficSource() {
  return <TrafficSourceScreen />;
}
