import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { getQueryClient } from '../../../lib/query-client';
import { getSession, loginPathFor, signOut } from '../../../lib/session';

/** POST /api/auth/logout (SPEC section 7). */
export const logout = () => api.post<{ message: string }>('/auth/logout');

/**
 * SPEC section 4: on success clear token, user, order and flag, then go to /login or /portal/login;
 * if the call fails nothing is cleared and the failure is only logged.
 */
export const useLogout = () => {
  const navigate = useNavigate();
  return useCallback(async () => {
    const kind = getSession().user?.kind;
    try {
      await logout();
    } catch (error) {
      console.error('Logout failed', error);
      return;
    }
    api.setToken(null);
    signOut();
    getQueryClient().removeQueries({ queryKey: ['account'] });
    await navigate(loginPathFor(kind));
  }, [navigate]);
};
