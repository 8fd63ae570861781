/** The site's API client: @esim/ui's client wired to the session store. */
import { createApiClient } from '@esim/ui/api-client';
import { clearSessionUser, getSession, setSessionUser } from './session';

export const api = createApiClient({
  onTokenRefreshed: (tokens) => setSessionUser(tokens.user),
  onTokenRemoved: () => {
    if (getSession().user) clearSessionUser();
  },
});
