import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { UiKitProvider } from '../../components/ui-kit-provider';
import { GuestOnly } from '../../features/auth/components/guest-only';
import { usePathTexts } from '../../lib/use-lazy-texts';

export default function GuestLayout() {
  // The forms' words are the `auth` texts (ADR 0075): after a client navigation, a loader until they are there.
  const textsReady = usePathTexts();
  return (
    <UiKitProvider>
      <GuestOnly>{textsReady ? <Outlet /> : <PageLoader />}</GuestOnly>
    </UiKitProvider>
  );
}
