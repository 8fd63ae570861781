import { useParams } from 'react-router';
import { PackageBuyersScreen } from '../../features/statistics-packages/components/package-buyers-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics-packages');

/** SPEC section 2 `/statistic/global-packages/{displayName}`: one package's buyers over time (by its slug). */
export default function StatisticPackage() {
  const { displayName = '' } = useParams();
  return <PackageBuyersScreen slug={displayName} />;
}
