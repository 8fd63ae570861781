import { RefundsScreen } from '../../features/refunds/components/refunds-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('refunds');

/** Failed refunds, each with retry (admin only, app/lib/access.ts). */
export default function RefundsFailed() {
  return <RefundsScreen title="screens.refundsFailed" fixed={{ status: 'failed' }} />;
}
