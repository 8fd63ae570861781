/** PUT /api/staff/profile with `updateProfileBodySchema` (the server validates with the same schema). */
import type { UpdateProfileBody, UpdateProfileResponse } from '@esim/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, setSessionUser } from '../../../lib/session';
import { profileQueryOptions } from './get-profile';

export type { UpdateProfileResponse };

export const updateProfile = (body: UpdateProfileBody): Promise<UpdateProfileResponse> =>
  api.put<UpdateProfileResponse>('/staff/profile', body);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, { user });
      // The header's avatar and menu show the new name and e-mail at once.
      setSessionUser(user, getSession().order);
    },
  });
};
