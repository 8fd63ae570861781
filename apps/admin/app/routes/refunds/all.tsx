import { RefundsScreen } from '../../features/refunds/components/refunds-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('refunds');

/** Every refund of every kind (admin only, app/lib/access.ts). */
export default function RefundsAll() {
  return <RefundsScreen title="screens.refundsAll" />;
}
