/** GET /api/staff/dashboard (admin, analytics): the home screen's figures. */
import type { StaffDashboard } from '@esim/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useDashboard = (enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => api.get<StaffDashboard>('/staff/dashboard', { signal }),
    enabled,
    // Figures for people deciding what to look at next: a minute old is fresh enough.
    staleTime: 60_000,
  });
