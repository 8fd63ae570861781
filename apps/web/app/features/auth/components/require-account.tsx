import type { AccountKind } from '@esim/contracts';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { loginPathFor, useSession } from '../../../lib/session';

/** Protected pages: anyone who is not a signed-in user of this kind goes to that kind's login. */
export const RequireAccount = ({ kind, children }: { kind: AccountKind; children: ReactNode }) => {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = session.status === 'authenticated' && session.user?.kind === kind;

  useEffect(() => {
    if (session.status === 'unknown' || allowed) return;
    // After a logout the logout itself navigates; do not offer to come back to this page.
    const from = session.signedOut ? undefined : `${location.pathname}${location.search}`;
    void navigate(loginPathFor(kind), { replace: true, state: from ? { from } : null });
  }, [session.status, session.signedOut, allowed, kind, navigate, location.pathname, location.search]);

  // The server renders this state (it cannot know the session): the document still needs a title.
  return allowed ? (
    children
  ) : (
    <>
      <title>{`${t('loading')} · ${t('brand')}`}</title>
      <PageLoader />
    </>
  );
};
