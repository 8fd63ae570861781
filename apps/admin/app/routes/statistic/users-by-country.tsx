import { UsersByCountryScreen } from '../../features/statistics/components/country-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics');

/** Customers registered per country, with growth (admin and analytics). */
export default function StatisticUsersByCountry() {
  return <UsersByCountryScreen />;
}
