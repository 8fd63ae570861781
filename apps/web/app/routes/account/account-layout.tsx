import { Outlet } from 'react-router';
import { QueryProvider } from '../../components/query-provider';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { AccountShell } from '../../features/account/components/account-shell';
import { RequireAccount } from '../../features/auth/components/require-account';

/** The customer dashboard (issue 5): signed-in customers only, its menu beside (phones: above) each screen. */
export default function AccountLayout() {
  return (
    <UiKitProvider>
      <QueryProvider>
        <RequireAccount kind="customer">
          <AccountShell>
            <Outlet />
          </AccountShell>
        </RequireAccount>
      </QueryProvider>
    </UiKitProvider>
  );
}
