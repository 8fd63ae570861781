/**
 * The staff session of SPEC sections 3 and 4: user, order and the logged-in flag, kept in memory. The token
 * lives in localStorage `auth-token` (owned by the API client); this origin is separate from the site's, so
 * the two sessions never share it (DESIGN section 1).
 */
import type { User, UserProfileResponse } from '@esim/contracts';
import { useSyncExternalStore } from 'react';

export type SessionOrder = UserProfileResponse['order'];
export type Session = { user: User | null; order: SessionOrder; loggedIn: boolean };

const loggedOut: Session = { user: null, order: null, loggedIn: false };
let current: Session = loggedOut;
const listeners = new Set<() => void>();

const publish = (next: Session) => {
  current = next;
  for (const listener of listeners) listener();
};

export const getSession = (): Session => current;

/** Logged out becomes logged in when a user is set (SPEC section 4). */
export const setSessionUser = (user: User, order: SessionOrder = current.order) =>
  publish({ user, order, loggedIn: true });

export const clearSession = () => {
  if (current !== loggedOut) publish(loggedOut);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSession = (): Session => useSyncExternalStore(subscribe, getSession, getSession);
