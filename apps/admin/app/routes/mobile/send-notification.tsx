import { SendNotificationScreen } from '../../features/push/components/send-notification-screen';
import { loadArea } from '../../lib/i18n';

export const clientLoader = loadArea('push');

/** SPEC section 2 `/mobile/send-notification` (admin and analytics): push messages to customers' phones. */
export default function SendNotification() {
  return <SendNotificationScreen />;
}
