/**
 * The session of SPEC section 4: user, order and the logged-in flag, in memory; the token itself sits in
 * localStorage (`auth-token`). A tiny external store so the API client (outside React) can update it.
 * The server never changes it, so server rendering always sees the logged-out state.
 */
import type { AccountKind, TokenResponse, User, UserProfileResponse } from '@esim/contracts';
import { useSyncExternalStore } from 'react';

export type SessionOrder = UserProfileResponse['order'];

export type SessionState = {
  /** unknown until the browser has checked the stored token once after hydration. */
  status: 'unknown' | 'anonymous' | 'authenticated';
  user: User | null;
  order: SessionOrder;
  isLoggedIn: boolean;
  /** True right after a logout, so guards send the person to login without "come back here" state. */
  signedOut: boolean;
};

const initialState: SessionState = {
  status: 'unknown',
  user: null,
  order: null,
  isLoggedIn: false,
  signedOut: false,
};

let state: SessionState = initialState;
const listeners = new Set<() => void>();

const setState = (next: SessionState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const getSession = (): SessionState => state;

export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): SessionState =>
  useSyncExternalStore(subscribeSession, getSession, () => initialState);

/** A user is set: logged out becomes logged in. */
export const setSessionUser = (user: User, order: SessionOrder = state.order) =>
  setState({ status: 'authenticated', user, order, isLoggedIn: true, signedOut: false });

export const setSessionFromTokens = (tokens: TokenResponse) => setSessionUser(tokens.user, null);

/** Clears user, order and flag (the token is handled by the caller or the API client). */
export const clearSessionUser = () =>
  setState({ status: 'anonymous', user: null, order: null, isLoggedIn: false, signedOut: false });

/** Logout (SPEC section 4): user, order and flag cleared; the caller removes the token and navigates. */
export const signOut = () =>
  setState({ status: 'anonymous', user: null, order: null, isLoggedIn: false, signedOut: true });

export const loginPathFor = (kind: AccountKind | undefined): string =>
  kind === 'shop' ? '/portal/login' : '/login';
export const homePathFor = (kind: AccountKind | undefined): string => (kind === 'shop' ? '/portal' : '/');
