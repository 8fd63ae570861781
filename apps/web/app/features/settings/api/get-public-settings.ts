import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/settings/public: support contacts for the footer (staff edit them in settings). */
export type PublicSettings = { supportEmail: string; whatsappNumber: string };

export const getPublicSettings = () => api.get<PublicSettings>('/settings/public');

export const publicSettingsQueryOptions = () => ({
  queryKey: ['settings', 'public'] as const,
  queryFn: getPublicSettings,
  staleTime: 10 * 60_000,
});

export const usePublicSettings = () => useQuery(publicSettingsQueryOptions());
