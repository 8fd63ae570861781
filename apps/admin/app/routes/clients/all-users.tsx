import { ClientsScreen } from '../../features/clients/components/clients-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('clients');

/** SPEC section 2 "Clients" (admin and editor, app/lib/access.ts). */
export default function Screen() {
  return <ClientsScreen title="screens.clientsAllUsers" />;
}
