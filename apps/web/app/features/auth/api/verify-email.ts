import type { MessageResponse } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/portal/auth/verify-email; 410 says "Token expired. Another verification email has been sent." */
export const verifyEmail = (token: string) =>
  api.post<MessageResponse>('/portal/auth/verify-email', { token });

/** A query rather than a mutation so a re-render (or StrictMode) never sends the single-use token twice. */
export const useVerifyEmail = (token: string | null) =>
  useQuery({
    queryKey: ['portal', 'verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
