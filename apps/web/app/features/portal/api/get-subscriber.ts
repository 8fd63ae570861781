import type { SubscriberDetail } from '@esim/contracts/portal-subscribers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/portal/subscribers/:subscriberId: eSIMs with current package and data left, and every delivery. */
export const getSubscriber = (subscriberId: string, signal?: AbortSignal) =>
  api.get<SubscriberDetail>(
    `/portal/subscribers/${encodeURIComponent(subscriberId)}`,
    signal ? { signal } : {},
  );

export const subscriberQueryOptions = (subscriberId: string) =>
  queryOptions({
    queryKey: ['portal', 'subscriber', subscriberId],
    queryFn: ({ signal }) => getSubscriber(subscriberId, signal),
  });

export const useSubscriber = (subscriberId: string, enabled = true) =>
  useQuery({ ...subscriberQueryOptions(subscriberId), enabled: enabled && subscriberId !== '' });
