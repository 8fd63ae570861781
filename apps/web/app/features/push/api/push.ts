/** The customer's Web Push subscription on /api/account/push (issue 32). */
import type { PushConfig, PushDeviceResponse, WebPushSubscriptionBody } from '@esim/contracts';
import { api } from '../../../lib/api';

export const getPushConfig = () => api.get<PushConfig>('/account/push/config');

export const saveWebPushSubscription = (subscription: WebPushSubscriptionBody) =>
  api.post<PushDeviceResponse>('/account/push/web-subscriptions', subscription);

export const removeWebPushSubscription = (endpoint: string) =>
  api.delete<{ message: string }>('/account/push/web-subscriptions', { query: { endpoint } });
