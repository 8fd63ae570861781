import { ResellerPackagesScreen } from '../../features/packages/components/reseller-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('packages');

/** SPEC section 2 `/global-packages/add-reseller-packages` (admin and analytics): packages to put on it. */
export default function AddResellerPackages() {
  return <ResellerPackagesScreen listed={false} />;
}
