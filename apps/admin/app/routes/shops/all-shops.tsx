import { ListScreen } from '../../components/list-screen';
import { shopsList } from '../../features/shops/shops-list';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('shops');

/** SPEC section 2 `/clients/all-shops` (admin only): each shop links to its page. */
export default function AllShops() {
  return <ListScreen list={shopsList} title="screens.clientsShops" />;
}
