import { Outlet } from 'react-router';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { GuestOnly } from '../../features/auth/components/guest-only';

export default function GuestLayout() {
  return (
    <UiKitProvider>
      <GuestOnly>
        <Outlet />
      </GuestOnly>
    </UiKitProvider>
  );
}
