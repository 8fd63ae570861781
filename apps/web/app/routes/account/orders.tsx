import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { OrdersList } from '../../features/account/components/orders-list';
import { UsageSummary } from '../../features/account/components/usage-summary';
import { useSession } from '../../lib/session';

/** The dashboard home: data left at a glance, then the orders with their invoices. */
export default function AccountOrdersRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <DashboardPage
      title={t('account:title')}
      intro={user ? t('account:greeting', { name: user.first_name }) : undefined}
    >
      <UsageSummary />
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" style={{ fontSize: '1.2rem', margin: '0 0 12px' }}>
          {t('account:orders.heading')}
        </h2>
        <OrdersList />
      </section>
    </DashboardPage>
  );
}
