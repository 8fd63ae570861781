import { FacebookTotalScreen } from '../../features/facebook/components/facebook-total-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('facebook');

/** Meta's spend, clicks and purchases beside our attributed orders and revenue (admin and analytics). */
export default function FacebookTotal() {
  return <FacebookTotalScreen />;
}
