import { ClientsScreen } from '../../features/clients/components/clients-screen';
import { ClientRefundAction } from '../../features/refunds/components/client-refund-action';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('clients', 'refunds');

/** SPEC section 2 "Clients" (admin and editor, app/lib/access.ts). */
export default function Screen() {
  return (
    <ClientsScreen
      title="screens.clientsAllUsers"
      detailExtra={(id) => <ClientRefundAction clientId={id} />}
    />
  );
}
