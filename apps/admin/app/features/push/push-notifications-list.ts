/** The push history of `/mobile/send-notification`, defined once. */
import { pushNotificationsQuerySchema } from '@esim/contracts/staff';
import { defineList } from '@esim/ui/list/define-list';
import { defineStatuses } from '@esim/ui/status-list';
import { listPushNotifications } from './api/push-notifications';

export const pushNotificationStatus = defineStatuses('admin-push:history.statuses', {
  scheduled: 'blue',
  sending: 'orange',
  sent: 'green',
});

export const pushNotificationsList = defineList({
  id: 'push-notifications',
  query: pushNotificationsQuerySchema,
  fetch: listPushNotifications,
  labels: 'admin-push:history',
  rowId: (notification) => notification.id,
  columns: (col) => [
    col.text('title'),
    col.custom('audience', (n, { t }) => {
      const audience = t(`admin-push:compose.audiences.${n.audience}`);
      return n.audienceDetail ? `${audience}: ${n.audienceDetail}` : audience;
    }),
    col.status('status', pushNotificationStatus),
    col.date('scheduledAt', { sortable: true }),
    col.number('sent'),
    col.number('delivered'),
    col.number('failed'),
    col.text('createdBy', { hidden: true }),
    col.date('createdAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [filter.select('status', pushNotificationStatus)],
});
