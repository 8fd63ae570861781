import { Outlet } from 'react-router';
import { GuestOnly } from '../../features/auth/components/guest-only';

export default function GuestLayout() {
  return (
    <GuestOnly>
      <Outlet />
    </GuestOnly>
  );
}
