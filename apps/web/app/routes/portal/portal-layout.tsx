import { Outlet } from 'react-router';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { RequireAccount } from '../../features/auth/components/require-account';

export default function PortalLayout() {
  return (
    <UiKitProvider>
      <RequireAccount kind="shop">
        <Outlet />
      </RequireAccount>
    </UiKitProvider>
  );
}
