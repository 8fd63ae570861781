/** GET /api/staff/profile: the signed-in staff user's own profile. */
import type { User } from '@esim/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ProfileResponse = { user: User };

export const getProfile = (): Promise<ProfileResponse> => api.get<ProfileResponse>('/staff/profile');

export const profileQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
