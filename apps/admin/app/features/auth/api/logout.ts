/**
 * POST /api/auth/logout (SPEC section 4): on success the token, user, order and flag are cleared and the
 * caller goes to /login; if the call fails nothing is cleared and the failure is only logged.
 */
import type { MessageResponse } from '@esim/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** Resolves true when the session was ended. */
export const logoutStaff = async (): Promise<boolean> => {
  try {
    await api.post<MessageResponse>('/auth/logout');
  } catch (error) {
    console.error('Logout failed; the session stays as it is', error);
    return false;
  }
  api.setToken(null);
  clearSession();
  return true;
};

export const useLogoutStaff = () => useMutation({ mutationFn: logoutStaff });
