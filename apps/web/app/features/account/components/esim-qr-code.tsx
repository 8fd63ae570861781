import type { CustomerEsim } from '@esim/contracts';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AndroidGuide, EsimInstall } from '../../../components/esim-install';
import { LoadError, Loading } from '../../../components/query-status';
import { useEsimInstall } from '../api/get-esim-install';
import { currentPackageOf, esimDigits } from '../format';

/** One eSIM's QR code, manual details and one-tap link (the checkout's install guide) and its reinstalls. */
export const EsimQrCode = ({ esim, android }: { esim: CustomerEsim; android: AndroidGuide }) => {
  const { t } = useTranslation();
  const install = useEsimInstall(esim.id);
  if (install.isPending) return <Loading />;
  if (install.isError) return <LoadError error={install.error} onRetry={() => void install.refetch()} />;
  const data = install.data;
  const packageName = currentPackageOf(esim)?.name ?? t('account:esim.label', { digits: esimDigits(esim) });
  return (
    <div data-testid="esim-qr-code" data-iccid={esim.iccid}>
      <Paper withBorder radius="lg" p="md" mb="lg">
        <Text fw={700} data-testid="reinstalls">
          {t('account:qr.reinstalls', { count: data.installCount, limit: data.installLimit })}
        </Text>
        <Text size="sm" mt={4}>
          {t('account:qr.reinstallNote', { limit: data.installLimit })}
        </Text>
        <Text size="xs" c="dark.6" mt={6}>
          {t('account.esim.iccid')}: <span dir="ltr">{data.iccid}</span>
        </Text>
      </Paper>
      <EsimInstall esim={data} packageName={packageName} android={android} />
    </div>
  );
};
