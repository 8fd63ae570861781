import { Outlet } from 'react-router';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { RequireAccount } from '../../features/auth/components/require-account';

export default function AccountLayout() {
  return (
    <UiKitProvider>
      <RequireAccount kind="customer">
        <Outlet />
      </RequireAccount>
    </UiKitProvider>
  );
}
