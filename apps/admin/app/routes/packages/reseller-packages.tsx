import { ResellerPackagesScreen } from '../../features/packages/components/reseller-screens';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('packages');

/** SPEC section 2 `/global-packages/reseller-packages` (admin and analytics): the portal's price list. */
export default function ResellerPackages() {
  return <ResellerPackagesScreen listed />;
}
