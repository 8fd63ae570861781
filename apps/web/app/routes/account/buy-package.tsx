import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isUsableEsim, useEsims } from '../../features/account/api/get-esims';
import { AccountPage } from '../../features/account/components/account-shell';
import { EsimPicker, useSelectedEsim } from '../../features/account/components/esim-picker';
import { LoadError, Loading, Notice } from '../../features/account/components/query-status';
import { TopUpPackages } from '../../features/account/components/top-up-packages';
import { esimDigits } from '../../features/account/format';
import { buyEsimPath } from '../../features/account/links';

/** Buy package (top-up): one of the customer's working eSIMs, then only the packages that fit it. */
export default function AccountBuyPackageRoute() {
  const { t } = useTranslation();
  const esims = useEsims();
  const usable = (esims.data ?? []).filter(isUsableEsim);
  const { selected, select } = useSelectedEsim(usable);

  let content: ReactNode;
  if (esims.isPending) content = <Loading />;
  else if (esims.isError) content = <LoadError error={esims.error} onRetry={() => void esims.refetch()} />;
  else if (!selected)
    content = (
      <Notice testId="no-esims">
        {t('account.buyPackage.noEsim')} <Link to={buyEsimPath}>{t('account.nav.buyEsim')}</Link>
      </Notice>
    );
  else
    content = (
      <Stack gap="lg">
        {usable.length > 1 ? (
          <EsimPicker
            esims={usable}
            selectedId={selected.id}
            onSelect={select}
            legend={t('account.buyPackage.chooseEsim')}
          />
        ) : null}
        <section aria-labelledby="top-up-heading">
          <Title order={2} size="h4" id="top-up-heading">
            {t('account.buyPackage.packagesHeading', { digits: esimDigits(selected) })}
          </Title>
          <Text size="sm" mt={4} mb="md">
            {t('account.buyPackage.onlyFitting')}
          </Text>
          <TopUpPackages key={selected.id} esim={selected} />
        </section>
      </Stack>
    );

  return (
    <AccountPage title={t('account.buyPackage.title')} intro={t('account.buyPackage.intro')}>
      {content}
    </AccountPage>
  );
}
