/** The staff push endpoints (admin and analytics): history, dry run, send. */
import type { Paged } from '@esim/contracts';
import type {
  PushAudienceBody,
  PushDryRun,
  PushNotification,
  PushNotificationResponse,
  PushNotificationsQuery,
  SendPushNotificationBody,
} from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/staff/push-notifications: one page of the history with delivery counts. */
export const listPushNotifications = (query: PushNotificationsQuery, signal?: AbortSignal) =>
  api.get<Paged<PushNotification>>('/staff/push-notifications', { query, ...(signal ? { signal } : {}) });

/** POST /api/staff/push-notifications/dry-run: how many customers and devices the audience reaches. */
export const useDryRun = () =>
  useMutation({
    mutationFn: (body: PushAudienceBody) => api.post<PushDryRun>('/staff/push-notifications/dry-run', body),
  });

/**
 * POST /api/staff/push-notifications. The form's time is the staff member's local time (a datetime-local input);
 * it is sent as UTC.
 */
export const useSendPushNotification = (historyKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendPushNotificationBody) =>
      api.post<PushNotificationResponse>('/staff/push-notifications', {
        ...body,
        scheduledAt: body.scheduledAt ? new Date(body.scheduledAt).toISOString() : '',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [historyKey] }),
  });
};
