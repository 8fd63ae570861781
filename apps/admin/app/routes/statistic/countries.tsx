import { CountriesScreen } from '../../features/statistics/components/country-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics');

/** Visits, orders, conversion and revenue per visitor country (admin and analytics). */
export default function StatisticCountries() {
  return <CountriesScreen />;
}
