import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isUsableEsim, useEsims } from '../../features/account/api/get-esims';
import { AccountPage } from '../../features/account/components/account-shell';
import { ChangeEsimForm } from '../../features/account/components/change-esim-form';
import { EsimPicker, useSelectedEsim } from '../../features/account/components/esim-picker';
import { LoadError, Loading, Notice } from '../../features/account/components/query-status';
import { buyEsimPath } from '../../features/account/links';

/** Change eSIM (SPEC section 4): which eSIM, what happens, the price, a confirmation, then payment. */
export default function AccountChangeEsimRoute() {
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
        {t('account.change.noEsim')} <Link to={buyEsimPath}>{t('account.nav.buyEsim')}</Link>
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
            legend={t('account.change.chooseEsim')}
          />
        ) : null}
        <ChangeEsimForm key={selected.id} esim={selected} />
      </Stack>
    );

  return (
    <AccountPage title={t('account.change.title')} intro={t('account.change.intro')}>
      {content}
    </AccountPage>
  );
}
