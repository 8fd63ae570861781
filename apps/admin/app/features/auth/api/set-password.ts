/** POST /api/auth/reset-password: the invitation's (or a reset's) single-use link sets the password. */
import type { MessageResponse, ResetPasswordBody } from '@esim/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useSetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<MessageResponse>('/auth/reset-password', body),
  });
