import { ToastProvider } from '@esim/ui/feedback/toast';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { isLoggedIn, syncSession } from '../features/auth/api/get-user-profile';
import { DashboardShell } from '../layout/dashboard-shell';
import { decideAccess } from '../lib/access';
import { useSession } from '../lib/session';
import type { Route } from './+types/dashboard-layout';

/**
 * Every staff screen sits behind this guard: logged out -> /login; a screen the role may not open -> `/`
 * (SPEC sections 4 and 6). It runs on every navigation, which also refetches the profile.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = await syncSession();
  if (!isLoggedIn(session)) throw redirect('/login');
  if (decideAccess(new URL(request.url).pathname, session.user).kind === 'home') throw redirect('/');
  return null;
}

export const shouldRevalidate = () => true;

export default function DashboardLayout() {
  const session = useSession();
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const navigate = useNavigate();

  // The background profile refetch may clear the user or change the role after the loader ran.
  useEffect(() => {
    if (!isLoggedIn(session)) void navigate('/login', { replace: true });
    else if (decideAccess(pathname, session.user).kind === 'home') void navigate('/', { replace: true });
  }, [session, pathname, navigate]);

  if (!isLoggedIn(session)) return null;
  return (
    <ToastProvider closeLabel={t('app.closeToast')}>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </ToastProvider>
  );
}
