import { ListScreen } from '../../components/list-screen';
import { businessOrdersList } from '../../features/businesses/businesses-list';
import { BusinessTotals } from '../../features/businesses/components/business-totals';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('businesses');

/** SPEC section 2 `/business/orders` (admin only): orders placed through partners' links, with totals. */
export default function BusinessOrders() {
  return <ListScreen list={businessOrdersList} title="screens.businessOrders" before={<BusinessTotals />} />;
}
