import { HighlightOrderScreen } from '../../features/packages/components/highlight-order-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('packages');

/** SPEC section 2 `/global-packages/popular-packages` (admin and analytics): the home page's popular order. */
export default function PopularPackages() {
  return <HighlightOrderScreen list="popular" />;
}
