import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { RequireAccount } from '../../features/auth/components/require-account';
import { PortalShell } from '../../features/portal/components/portal-shell';
import { usePathTexts } from '../../lib/use-lazy-texts';

/** The reseller portal (issue 11): shop users only, its menu beside (phones: above) each screen. */
export default function PortalLayout() {
  const textsReady = usePathTexts();
  return (
    <UiKitProvider>
      <QueryProvider>
        <RequireAccount kind="shop">
          {/* The menu is in the portal's texts too: nothing of the portal shows before they are there. */}
          {textsReady ? (
            <PortalShell>
              <Outlet />
            </PortalShell>
          ) : (
            <PageLoader />
          )}
        </RequireAccount>
      </QueryProvider>
    </UiKitProvider>
  );
}
