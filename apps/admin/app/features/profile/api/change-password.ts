/** PUT /api/staff/password with `changePasswordBodySchema`; the server's messages are shown as sent (SPEC 8). */
import type { ChangePasswordBody, MessageResponse } from '@esim/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordBody): Promise<MessageResponse> =>
  api.put<MessageResponse>('/staff/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
