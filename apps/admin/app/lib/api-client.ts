/** The staff app's API client: the shared one (SPEC sections 7 and 8) wired to this app's session. */
import { createApiClient } from '@esim/ui/api-client';
import { clearSession, getSession, setSessionUser } from './session';

export const api = createApiClient({
  onTokenRefreshed: (response) => {
    if (getSession().user) setSessionUser(response.user);
  },
  // Without a token nobody is logged in: the guards then send the user to /login.
  onTokenRemoved: () => clearSession(),
});
