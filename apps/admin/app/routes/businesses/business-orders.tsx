import { ListScreen } from '../../components/list-screen';
import { businessOrdersList } from '../../features/businesses/businesses-list';
import { BusinessTotals } from '../../features/businesses/components/business-totals';

/** SPEC section 2 `/business/orders` (admin only): orders placed through partners' links, with totals. */
export default function BusinessOrders() {
  return <ListScreen list={businessOrdersList} title="screens.businessOrders" before={<BusinessTotals />} />;
}
