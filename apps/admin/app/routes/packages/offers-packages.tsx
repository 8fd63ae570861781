import { HighlightOrderScreen } from '../../features/packages/components/highlight-order-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('packages');

/** SPEC section 2 `/global-packages/offers-packages` (admin and analytics): the home page's offers order. */
export default function OffersPackages() {
  return <HighlightOrderScreen list="offers" />;
}
