import { RefundsScreen } from '../../features/refunds/components/refunds-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('refunds');

/** Refunds of a package removed from an eSIM before use (admin only, app/lib/access.ts). */
export default function RefundsDeletedPackages() {
  return <RefundsScreen title="screens.refundsDeletedPackages" fixed={{ kind: 'deleted_package' }} />;
}
