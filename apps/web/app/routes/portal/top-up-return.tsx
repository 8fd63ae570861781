import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { TopUpReturn } from '../../features/portal/components/top-up-return';

/** Where the card page returns a paid top-up (`?order=…&session_id=…`, set by the server's return URL). */
export default function PortalTopUpReturnRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <DashboardPage title={t('portal:topUp.returnTitle')}>
      <TopUpReturn orderId={params.get('order') ?? ''} sessionId={params.get('session_id') ?? ''} />
    </DashboardPage>
  );
}
