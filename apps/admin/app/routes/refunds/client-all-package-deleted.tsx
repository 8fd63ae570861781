import { RefundsScreen } from '../../features/refunds/components/refunds-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('refunds');

/** Refunds of clients whose packages were all deleted (admin only, app/lib/access.ts). */
export default function RefundsClientAllPackagesDeleted() {
  return (
    <RefundsScreen title="screens.refundsClientAllPackagesDeleted" fixed={{ kind: 'all_packages_deleted' }} />
  );
}
