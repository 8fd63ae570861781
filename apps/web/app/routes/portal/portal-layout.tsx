import { Outlet } from 'react-router';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { RequireAccount } from '../../features/auth/components/require-account';
import { PortalShell } from '../../features/portal/components/portal-shell';

/** The reseller portal (issue 11): shop users only, its menu beside (phones: above) each screen. */
export default function PortalLayout() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <RequireAccount kind="shop">
          <PortalShell>
            <Outlet />
          </PortalShell>
        </RequireAccount>
      </QueryProvider>
    </UiKitProvider>
  );
}
