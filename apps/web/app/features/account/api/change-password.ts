import type { ChangePasswordBody, MessageResponse } from '@esim/contracts';
import { api } from '../../../lib/api';

/**
 * PUT /api/account/password: "Password successfully changed." or "The provided password does not match your
 * current password." (SPEC section 8, translated by the server). Every other session of the account ends.
 */
export const changePassword = (body: ChangePasswordBody) =>
  api.put<MessageResponse>('/account/password', body);
