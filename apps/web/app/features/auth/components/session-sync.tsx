import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../../lib/api';
import { clearSessionUser, getSession, setSessionUser } from '../../../lib/session';
import { getUserProfile } from '../api/get-user-profile';

const syncSession = async () => {
  const { status, user } = getSession();
  const token = api.getToken();
  if (status === 'unknown' && !token) return clearSessionUser();
  // First check after load restores the session from the stored token; afterwards SPEC section 4:
  // "if a token and user exist, the profile is refetched and user and order updated".
  if (!token || (status !== 'unknown' && !user)) return;
  try {
    const profile = await getUserProfile();
    setSessionUser(profile.user, profile.order);
  } catch (error) {
    console.error('Profile refresh failed', error);
    clearSessionUser();
  }
};

/** Runs on hydration and on every navigation. */
export const SessionSync = () => {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key changes on every navigation, which is the trigger.
  useEffect(() => {
    void syncSession();
  }, [location.key]);
  return null;
};
