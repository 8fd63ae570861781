import type { PortalSummary } from '@esim/contracts/portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/portal/summary: the home's cards (orders, active users, credits, packages) and recent activity. */
export const getPortalSummary = (signal?: AbortSignal) =>
  api.get<PortalSummary>('/portal/summary', signal ? { signal } : {});

export const portalSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'summary'],
    queryFn: ({ signal }) => getPortalSummary(signal),
    staleTime: 10_000,
  });

export const usePortalSummary = () => useQuery(portalSummaryQueryOptions());
