/** POST /api/staff/auth/login: stores the token and sets the user. */
import type { LoginBody, TokenResponse } from '@esim/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

export const loginStaff = async (body: LoginBody): Promise<TokenResponse> => {
  const response = await api.post<TokenResponse>('/staff/auth/login', body);
  api.setToken(response.access_token);
  setSessionUser(response.user, null);
  return response;
};

export const useLoginStaff = () => useMutation({ mutationFn: loginStaff });
