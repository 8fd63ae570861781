import { TrafficSourcesScreen } from '../../features/statistics/components/traffic-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics');

/** Every traffic source with its figures (admin and analytics). */
export default function StatisticTrafficSources() {
  return <TrafficSourcesScreen />;
}
