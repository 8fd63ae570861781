import { GiftEsimsScreen } from '../../features/orders/components/gift-esims-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('orders');

/** Gift eSIMs with delivery state and "resend to recipient" (admin only, app/lib/access.ts). */
export default function GiftsEsims() {
  return <GiftEsimsScreen />;
}
