import { PackagesScreen } from '../../features/packages/components/packages-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('packages');

/** SPEC section 2 `/global-packages/all` (admin and analytics): every package, edited beside the list. */
export default function GlobalPackages() {
  return <PackagesScreen />;
}
