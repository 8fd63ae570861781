/** GET /api/auth/user-profile: the session's user and order (SPEC sections 4 and 7). */
import type { UserProfileResponse } from '@esim/contracts';
import { api } from '../../../lib/api-client';
import { clearSession, getSession, type Session, setSessionUser } from '../../../lib/session';

export const getUserProfile = (): Promise<UserProfileResponse> =>
  api.get<UserProfileResponse>('/auth/user-profile');

const refetchProfile = async (): Promise<Session> => {
  try {
    const { user, order } = await getUserProfile();
    // Only staff accounts belong here; any other kind of token opens nothing on this origin.
    if (user.kind !== 'staff') clearSession();
    else setSessionUser(user, order);
  } catch (error) {
    console.error('Profile refetch failed; clearing the user', error);
    clearSession();
  }
  return getSession();
};

let pending: Promise<Session> | null = null;

/**
 * Runs on every navigation (SPEC section 4). With a token and a user, the profile is refetched in the
 * background and updates (or clears) the user; with a token and no user yet (a fresh page load) the caller
 * waits for the profile, so the session survives a reload. Without a token nobody is logged in.
 */
export const syncSession = async (): Promise<Session> => {
  if (!api.getToken()) {
    clearSession();
    return getSession();
  }
  if (!pending)
    pending = refetchProfile().finally(() => {
      pending = null;
    });
  if (getSession().user) return getSession();
  return pending;
};

export const isLoggedIn = (session: Session): boolean =>
  session.loggedIn && session.user !== null && api.getToken() !== null;
