import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { PortalOrdersList } from '../../features/portal/components/portal-orders-list';

/** Every order of the shop, filtered, with a CSV export. */
export default function PortalOrdersRoute() {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t('portal:shell.nav.orders')} intro={t('portal:orders.intro')}>
      <PortalOrdersList />
    </DashboardPage>
  );
}
