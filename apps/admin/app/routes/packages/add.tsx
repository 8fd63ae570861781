import { AddPackageScreen } from '../../features/packages/components/add-package-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('packages');

/** SPEC section 2 `/global-packages/add` (admin and analytics): a package from the provider's wholesale list. */
export default function AddPackage() {
  return <AddPackageScreen />;
}
