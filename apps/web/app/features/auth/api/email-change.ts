import type { EmailChangeResponse } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type EmailChangeAction = 'confirm' | 'cancel';

const paths: Record<EmailChangeAction, string> = {
  confirm: '/auth/confirm-email-change',
  cancel: '/auth/cancel-email-change',
};

/** POST /api/auth/confirm-email-change (link to the new address) or /cancel-email-change (link to the old one). */
export const followEmailChangeLink = (action: EmailChangeAction, token: string) =>
  api.post<EmailChangeResponse>(paths[action], { token });

/** A query rather than a mutation so a re-render (or StrictMode) never sends the single-use token twice. */
export const useEmailChangeLink = (action: EmailChangeAction, token: string | null) =>
  useQuery({
    queryKey: ['auth', 'email-change', action, token],
    queryFn: () => followEmailChangeLink(action, token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
