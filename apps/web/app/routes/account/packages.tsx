import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DashboardPage } from '../../components/dashboard-shell';
import { LoadError, Loading, Notice } from '../../components/query-status';
import { useEsims } from '../../features/account/api/get-esims';
import { EsimCard } from '../../features/account/components/esim-card';
import { buyEsimPath } from '../../features/account/links';

/** Active packages: per eSIM, how much data is left, until when, and usage refreshed on demand. */
export default function AccountPackagesRoute() {
  const { t } = useTranslation();
  const esims = useEsims();
  let content: ReactNode;
  if (esims.isPending) content = <Loading />;
  else if (esims.isError) content = <LoadError error={esims.error} onRetry={() => void esims.refetch()} />;
  else if (esims.data.length === 0)
    content = (
      <Notice testId="no-esims">
        {t('account:packages.empty')}{' '}
        <Button component={Link} to={buyEsimPath} size="compact-md" mt="xs" display="block">
          {t('account.nav.buyEsim')}
        </Button>
      </Notice>
    );
  else
    content = (
      <Stack gap="lg">
        {esims.data.map((esim) => (
          <EsimCard key={esim.id} esim={esim} />
        ))}
      </Stack>
    );
  return (
    <DashboardPage title={t('account:packages.title')} intro={t('account:packages.intro')}>
      {content}
    </DashboardPage>
  );
}
