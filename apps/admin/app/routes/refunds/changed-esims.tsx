import { RefundsScreen } from '../../features/refunds/components/refunds-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('refunds');

/** Refunds of changed eSIMs (admin only, app/lib/access.ts). */
export default function RefundsChangedEsims() {
  return <RefundsScreen title="screens.refundsChangedEsims" fixed={{ kind: 'changed_esim' }} />;
}
