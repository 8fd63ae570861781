import type { Paged } from '@esim/contracts';
import type { Subscriber, SubscribersQuery } from '@esim/contracts/portal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/portal/subscribers: the shop's subscribers, searched by name, e-mail or ICCID, paged. */
export const getSubscribers = (query: Partial<SubscribersQuery>, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return api.get<Paged<Subscriber>>(`/portal/subscribers?${params}`, signal ? { signal } : {});
};

export const subscribersQueryOptions = (query: Partial<SubscribersQuery>) =>
  queryOptions({
    queryKey: ['portal', 'subscribers', query],
    queryFn: ({ signal }) => getSubscribers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSubscribers = (query: Partial<SubscribersQuery>, enabled = true) =>
  useQuery({ ...subscribersQueryOptions(query), enabled });
