import type { RegisterBody, TokenResponse } from '@esim/contracts';
import { createHumanProof } from '@esim/ui/human-proof';
import { api } from '../../../lib/api';
import { setSessionFromTokens } from '../../../lib/session';

/** POST /api/auth/register with a fresh human proof; signs the new customer in. */
export const register = async (body: Omit<RegisterBody, 'humanProof'>): Promise<TokenResponse> => {
  const humanProof = await createHumanProof(api);
  const tokens = await api.post<TokenResponse>('/auth/register', { ...body, humanProof });
  api.setToken(tokens.access_token);
  setSessionFromTokens(tokens);
  return tokens;
};
