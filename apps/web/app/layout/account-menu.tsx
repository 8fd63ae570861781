import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../lib/session';

const AccountDropdown = lazy(() =>
  import('./account-dropdown').then((module) => ({ default: module.AccountDropdown })),
);

/**
 * Log in / register for visitors; for signed-in users a menu with their pages (customers: the dashboard) and
 * logout. The server always renders the visitor's links (the session lives in the browser), so the menu's code
 * loads only for a session.
 */
export const AccountMenu = () => {
  const { t } = useTranslation();
  const session = useSession();

  if (session.status === 'authenticated' && session.user)
    return (
      <Suspense fallback={<span className="account-placeholder" />}>
        <AccountDropdown />
      </Suspense>
    );

  return (
    <div className="account-links">
      <Link to="/login" className="button button--subtle">
        {t('nav.login')}
      </Link>
      <Link to="/register" className="button">
        {t('nav.register')}
      </Link>
    </div>
  );
};
