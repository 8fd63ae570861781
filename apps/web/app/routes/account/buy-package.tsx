import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { Notice } from '../../components/query-status';
import { UsableEsimScope } from '../../features/account/components/esim-picker';
import { TopUpPackages } from '../../features/account/components/top-up-packages';
import { esimDigits } from '../../features/account/format';
import { buyEsimPath } from '../../features/account/links';

/** Buy package (top-up): one of the customer's working eSIMs, then only the packages that fit it. */
export default function AccountBuyPackageRoute() {
  const { t } = useTranslation();
  return (
    <DashboardPage title={t('account:buyPackage.title')} intro={t('account:buyPackage.intro')}>
      <UsableEsimScope
        action="topUp"
        legend={t('account:buyPackage.chooseEsim')}
        empty={
          <Notice testId="no-esims">
            {t('account:buyPackage.noEsim')} <Link to={buyEsimPath}>{t('account.nav.buyEsim')}</Link>
          </Notice>
        }
      >
        {(selected) => (
          <section aria-labelledby="top-up-heading">
            <Title order={2} size="h4" id="top-up-heading">
              {t('account:buyPackage.packagesHeading', { digits: esimDigits(selected) })}
            </Title>
            <Text size="sm" mt={4} mb="md">
              {t('account:buyPackage.onlyFitting')}
            </Text>
            <TopUpPackages key={selected.id} esim={selected} />
          </section>
        )}
      </UsableEsimScope>
    </DashboardPage>
  );
}
