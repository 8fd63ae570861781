import type { MessageResponse, ResetPasswordBody } from '@esim/contracts';
import { api } from '../../../lib/api';

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export const resetPassword = (body: ResetPasswordBody) =>
  api.post<MessageResponse>('/auth/reset-password', body);
