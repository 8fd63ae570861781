import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { StatementView } from '../../features/portal/components/statement-view';

/** The shop's credit statement: ledger, running balance, totals, CSV and PDF. */
export default function PortalStatementRoute() {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t('portal:shell.nav.statement')} intro={t('portal:statement.intro')}>
      <StatementView />
    </DashboardPage>
  );
}
