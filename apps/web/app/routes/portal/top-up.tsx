import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { TopUpForm } from '../../features/portal/components/top-up-form';

/** Top up credits (SPEC section 4); the card page's "cancel" comes back here with `?cancelled=1`. */
export default function PortalTopUpRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <DashboardPage title={t('portal:shell.nav.topUp')} intro={t('portal:topUp.intro')}>
      <TopUpForm cancelled={params.get('cancelled') === '1'} />
    </DashboardPage>
  );
}
