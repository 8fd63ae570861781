import { PackageStatisticsScreen } from '../../features/statistics-packages/components/package-statistics-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics-packages');

/** SPEC section 2 `/statistic/global-packages` (admin and analytics): sales and revenue per package. */
export default function StatisticPackages() {
  return <PackageStatisticsScreen />;
}
