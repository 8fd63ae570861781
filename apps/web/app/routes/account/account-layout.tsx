import { Outlet } from 'react-router';
import { RequireAccount } from '../../features/auth/components/require-account';

export default function AccountLayout() {
  return (
    <RequireAccount kind="customer">
      <Outlet />
    </RequireAccount>
  );
}
