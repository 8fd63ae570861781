/** The site's API client: @esim/ui's client wired to the session store. */
import { createApiClient } from '@esim/ui/api-client';
import { pageLocale } from './locale';
import { clearSessionUser, getSession, setSessionUser } from './session';

export const api = createApiClient({
  // The page's language, saved or detected: orders, e-mails and messages follow what the buyer reads.
  getLanguage: pageLocale,
  onTokenRefreshed: (tokens) => setSessionUser(tokens.user),
  onTokenRemoved: () => {
    if (getSession().user) clearSessionUser();
  },
});
