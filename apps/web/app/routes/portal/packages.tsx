import { useTranslation } from 'react-i18next';
import { DashboardPage } from '../../components/dashboard-shell';
import { ResellerPackagesList } from '../../features/portal/components/reseller-packages-list';

/** All packages: the reseller price list (SPEC section 2). */
export default function PortalPackagesRoute() {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t('portal:shell.nav.packages')} intro={t('portal:packages.intro')}>
      <ResellerPackagesList />
    </DashboardPage>
  );
}
