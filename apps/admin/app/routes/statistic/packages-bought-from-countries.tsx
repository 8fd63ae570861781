import { PackagesByCountryScreen } from '../../features/statistics-packages/components/packages-by-country-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics-packages');

/** SPEC section 2 `/statistic/packages-bought-from-countries`: buyer country × destination. */
export default function StatisticPackagesByCountry() {
  return <PackagesByCountryScreen />;
}
