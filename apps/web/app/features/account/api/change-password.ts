import type { ChangePasswordBody, MessageResponse } from '@esim/contracts';
import { api } from '../../../lib/api';
import type { AccountArea } from './update-profile';

/**
 * PUT /api/account/password (shop users: /api/portal/password): "Password successfully changed." or "The provided password does not match your
 * current password." (SPEC section 8, translated by the server). Every other session of the account ends.
 */
export const changePassword = (body: ChangePasswordBody, area: AccountArea = 'account') =>
  api.put<MessageResponse>(`/${area}/password`, body);
