import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { Notice } from '../../components/query-status';
import { ChangeEsimForm } from '../../features/account/components/change-esim-form';
import { UsableEsimScope } from '../../features/account/components/esim-picker';
import { buyEsimPath } from '../../features/account/links';

/** Change eSIM (SPEC section 4): which eSIM, what happens, the price, a confirmation, then payment. */
export default function AccountChangeEsimRoute() {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t('account:change.title')} intro={t('account:change.intro')}>
      <UsableEsimScope
        action="change"
        legend={t('account:change.chooseEsim')}
        empty={
          <Notice testId="no-esims">
            {t('account:change.noEsim')} <Link to={buyEsimPath}>{t('account.nav.buyEsim')}</Link>
          </Notice>
        }
      >
        {(selected) => <ChangeEsimForm key={selected.id} esim={selected} />}
      </UsableEsimScope>
    </DashboardPage>
  );
}
