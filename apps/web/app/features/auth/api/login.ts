import type { AccountKind, LoginBody, TokenResponse } from '@esim/contracts';
import { api } from '../../../lib/api';
import { setSessionFromTokens } from '../../../lib/session';

const loginPaths: Partial<Record<AccountKind, string>> = {
  customer: '/auth/login',
  shop: '/portal/auth/login',
};

/** POST /api/auth/login (customers) or /api/portal/auth/login (shop users); stores the token and user. */
export const login = async (kind: 'customer' | 'shop', body: LoginBody): Promise<TokenResponse> => {
  const tokens = await api.post<TokenResponse>(loginPaths[kind] ?? '/auth/login', body);
  api.setToken(tokens.access_token);
  setSessionFromTokens(tokens);
  return tokens;
};
