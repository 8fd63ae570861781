import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sameOriginPath } from '../../../lib/same-origin-path';
import { homePathFor, useSession } from '../../../lib/session';

type FromState = { from?: unknown } | null;

/**
 * Login-only pages (SPEC section 4): signed-in users go home (`/` for customers, `/portal` for shop users),
 * or back to the protected page that sent them to log in.
 */
export const GuestOnly = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (session.status !== 'authenticated' || !session.user) return;
    // A staff session reaches the site only where both apps share one host (their ports, in development): it is
    // no account of the site, so the login form stays (sending it on would loop with RequireAccount's redirect).
    if (session.user.kind === 'staff') return;
    const from = sameOriginPath((location.state as FromState)?.from, '') || undefined;
    const home = homePathFor(session.user.kind);
    const isPortalPath = typeof from === 'string' && from.startsWith('/portal');
    const fitsKind =
      typeof from === 'string' && from.startsWith('/') && isPortalPath === (home === '/portal');
    const target = fitsKind ? from : home;
    void navigate(target, { replace: true });
  }, [session.status, session.user, location.state, navigate]);

  return children;
};
