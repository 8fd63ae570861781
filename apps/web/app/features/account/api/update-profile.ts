import type { UpdateProfileBody, UpdateProfileResponse } from '@esim/contracts';
import { api } from '../../../lib/api';
import { getSession, setSessionUser } from '../../../lib/session';

export type { UpdateProfileResponse };

/** Where an account kind's profile and password live: customers /api/account, shop users /api/portal. */
export type AccountArea = 'account' | 'portal';

/** PUT /api/account/profile (or /api/portal/profile); the header's menu shows the new name and e-mail at once. */
export const updateProfile = async (
  body: UpdateProfileBody,
  area: AccountArea = 'account',
): Promise<UpdateProfileResponse> => {
  const result = await api.put<UpdateProfileResponse>(`/${area}/profile`, body);
  setSessionUser(result.user, getSession().order);
  return result;
};
