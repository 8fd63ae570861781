import { useParams } from 'react-router';
import { PackageUsersScreen } from '../../features/statistics-packages/components/package-users-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('statistics-packages');

/** SPEC section 2 `/statistic/global-packages/users/{globalPakoId}/{pakoName}`: the package's buyers. */
export default function StatisticPackageUsers() {
  const { globalPakoId = '', pakoName = '' } = useParams();
  return <PackageUsersScreen packageId={globalPakoId} name={pakoName} />;
}
