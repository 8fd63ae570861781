import { Outlet } from 'react-router';
import { RequireAccount } from '../../features/auth/components/require-account';

export default function PortalLayout() {
  return (
    <RequireAccount kind="shop">
      <Outlet />
    </RequireAccount>
  );
}
