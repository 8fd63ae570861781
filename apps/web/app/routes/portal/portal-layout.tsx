import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { RequireAccount } from '../../features/auth/components/require-account';
import { PortalShell } from '../../features/portal/components/portal-shell';
import { useLazyNamespace } from '../../lib/use-lazy-namespace';

/** The portal screens' own texts (`portal` namespace) load with the portal, not with the public pages. */
const PortalTexts = ({ children }: { children: ReactNode }) =>
  useLazyNamespace('portal') ? children : <PageLoader />;

/** The reseller portal (issue 11): shop users only, its menu beside (phones: above) each screen. */
export default function PortalLayout() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <RequireAccount kind="shop">
          <PortalTexts>
            <PortalShell>
              <Outlet />
            </PortalShell>
          </PortalTexts>
        </RequireAccount>
      </QueryProvider>
    </UiKitProvider>
  );
}
