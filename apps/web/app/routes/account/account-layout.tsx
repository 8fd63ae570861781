import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { AccountShell } from '../../features/account/components/account-shell';
import { RequireAccount } from '../../features/auth/components/require-account';
import { usePathTexts } from '../../lib/use-lazy-texts';

/** The customer dashboard (issue 5): signed-in customers only, its menu beside (phones: above) each screen. */
export default function AccountLayout() {
  const textsReady = usePathTexts();
  // The installed app's worker (public/sw.js: offline page, push notifications), registered from the customer
  // area the installed app opens on; public pages carry none of its code (DESIGN section 7, ADR 0061).
  useEffect(() => {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  }, []);
  return (
    <UiKitProvider>
      <QueryProvider>
        <RequireAccount kind="customer">
          {/* The menu is in the dashboard's texts too: nothing of it shows before they are there. */}
          {textsReady ? (
            <AccountShell>
              <Outlet />
            </AccountShell>
          ) : (
            <PageLoader />
          )}
        </RequireAccount>
      </QueryProvider>
    </UiKitProvider>
  );
}
