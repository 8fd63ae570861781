import { RefundsScreen } from '../../features/refunds/components/refunds-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('refunds');

/** Client refunds: every order of a client refunded at once (admin only, app/lib/access.ts). */
export default function RefundsFullClient() {
  return <RefundsScreen title="screens.refundsFullClient" fixed={{ kind: 'full_client' }} />;
}
