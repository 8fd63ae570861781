import type { UpdateProfileBody, UpdateProfileResponse } from '@esim/contracts';
import { api } from '../../../lib/api';
import { getSession, setSessionUser } from '../../../lib/session';

export type { UpdateProfileResponse };

/** PUT /api/account/profile; the header's menu shows the new name and e-mail at once. */
export const updateProfile = async (body: UpdateProfileBody): Promise<UpdateProfileResponse> => {
  const result = await api.put<UpdateProfileResponse>('/account/profile', body);
  setSessionUser(result.user, getSession().order);
  return result;
};
