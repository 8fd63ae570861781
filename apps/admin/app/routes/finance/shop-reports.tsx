import { ShopReportsScreen } from '../../features/finance/components/shop-reports-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('finance');

/** SPEC section 2 `/finance/raporte-shop` (admin only): every shop's figures of a period, with totals. */
export default function ShopReports() {
  return <ShopReportsScreen />;
}
