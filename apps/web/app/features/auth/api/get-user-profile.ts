import type { UserProfileResponse } from '@esim/contracts';
import { api } from '../../../lib/api';

/** GET /api/auth/user-profile: the signed-in user and their session order (SPEC section 7). */
export const getUserProfile = () => api.get<UserProfileResponse>('/auth/user-profile');
