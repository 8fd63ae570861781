import './portal-subscribers.css';
import type { CustomerEsim } from '@esim/contracts';
import { endedStatusOf, esimAllows } from '@esim/contracts/esim-lifecycle';
import type { SubscriberDetail as Detail } from '@esim/contracts/portal-subscribers';
import { formatData, formatDate, formatDateTime } from '@esim/ui/format';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AndroidGuide, EsimInstall } from '../../../components/esim-install';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { usePortalEsimInstall } from '../api/deliver-esim';
import { changeEsimPath, currentPackageOf, refillPath } from '../format';
import { EsimDelivery } from './esim-delivery';

const badgeTone = (status: string) =>
  status === 'active' || status === 'installed' || status === 'ready'
    ? 'portal-badge portal-badge--good'
    : status === 'disabled' || status === 'freed' || status === 'cancelled'
      ? 'portal-badge portal-badge--bad'
      : 'portal-badge';

/** What happened to an eSIM that stopped working (ADR 0091), with the day; nothing for one that works. */
const EndedNote = ({ esim }: { esim: CustomerEsim }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const ended = endedStatusOf(esim.status);
  if (!ended) return null;
  return (
    <Text size="sm" mt="sm" data-testid="esim-ended" data-status={ended}>
      {t(`portal:subscribers.detail.ended.${ended}`)}
      {esim.endedAt
        ? ` ${t('portal:subscribers.detail.endedOn', { date: formatDate(esim.endedAt, locale) })}.`
        : null}
    </Text>
  );
};

/** The QR code and install details of one eSIM, shown on request, with the ways to hand them over. */
const EsimQr = ({
  esimId,
  email,
  packageName,
  android,
}: {
  esimId: string;
  email: string;
  packageName: string;
  android: AndroidGuide;
}) => {
  const install = usePortalEsimInstall(esimId);
  if (install.isPending) return <Loading />;
  if (install.isError) return <LoadError error={install.error} onRetry={() => void install.refetch()} />;
  return (
    <Stack gap="md" mt="md">
      <EsimDelivery esimId={esimId} email={email} />
      <EsimInstall esim={install.data} packageName={packageName} android={android} />
    </Stack>
  );
};

const EsimCard = ({ esim, email, android }: { esim: CustomerEsim; email: string; android: AndroidGuide }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [showQr, setShowQr] = useState(false);
  const pkg = currentPackageOf(esim);
  const usable = esimAllows(esim.status, 'install');
  const headingId = `esim-${esim.id}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="subscriber-esim"
      data-iccid={esim.iccid}
    >
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={3} size="h5" id={headingId}>
          {t('account.esim.iccid')}: <span dir="ltr">{esim.iccid}</span>
        </Title>
        <span className={badgeTone(esim.status)}>{t(`account.esimStatus.${esim.status}`)}</span>
      </Group>
      <dl className="portal-facts">
        <div>
          <dt>{t('portal:subscribers.detail.currentPackage')}</dt>
          <dd data-testid="current-package">{pkg ? pkg.name : t('portal:subscribers.detail.noPackage')}</dd>
        </div>
        {pkg ? (
          <>
            <div>
              <dt>{t('portal:subscribers.detail.packageStatus')}</dt>
              <dd>
                <span className={badgeTone(pkg.status)}>{t(`account.packageStatus.${pkg.status}`)}</span>
              </dd>
            </div>
            <div>
              <dt>{t('portal:subscribers.detail.remaining')}</dt>
              <dd data-testid="remaining-data">
                {pkg.remainingMb === null
                  ? t('account.packages.unlimitedData')
                  : `${formatData(pkg.remainingMb, locale)} / ${formatData(pkg.dataMb ?? 0, locale)}`}
              </dd>
            </div>
            <div>
              <dt>{t('account.packages.expires')}</dt>
              <dd>
                {pkg.expiresAt
                  ? formatDate(pkg.expiresAt, locale)
                  : t('portal:subscribers.detail.notStarted')}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>{t('portal:subscribers.detail.packagesCount')}</dt>
          <dd>{esim.packages.length}</dd>
        </div>
      </dl>
      {usable ? (
        <>
          <Group gap="sm" mt="md">
            <Button component={Link} to={refillPath(esim.id)} size="compact-md" data-testid="esim-refill">
              {t('portal:subscribers.detail.refill')}
            </Button>
            <Button
              component={Link}
              to={changeEsimPath(esim.id)}
              size="compact-md"
              variant="outline"
              data-testid="esim-change"
            >
              {t('portal:subscribers.detail.change')}
            </Button>
            <Button
              size="compact-md"
              variant="outline"
              onClick={() => setShowQr((open) => !open)}
              aria-expanded={showQr}
              data-testid="esim-show-qr"
            >
              {showQr ? t('portal:subscribers.detail.hideQr') : t('portal:subscribers.detail.showQr')}
            </Button>
          </Group>
          {showQr ? (
            <EsimQr esimId={esim.id} email={email} packageName={pkg?.name ?? esim.iccid} android={android} />
          ) : null}
        </>
      ) : (
        <EndedNote esim={esim} />
      )}
    </Paper>
  );
};

const channelLabel = (channel: string, t: (key: string) => string) =>
  t(`portal:subscribers.channels.${channel}`);

/** A subscriber's page: their eSIMs (current package, data left, actions) and every delivery to them. */
export const SubscriberDetail = ({ detail, android }: { detail: Detail; android: AndroidGuide }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="xl">
      <section aria-labelledby="subscriber-esims">
        <Title order={2} size="h4" id="subscriber-esims" mb="sm">
          {t('portal:subscribers.detail.esims')}
        </Title>
        {detail.esims.length === 0 ? (
          <Notice testId="no-esims">{t('portal:subscribers.detail.noEsims')}</Notice>
        ) : (
          <Stack gap="md">
            {detail.esims.map((esim) => (
              <EsimCard key={esim.id} esim={esim} email={detail.subscriber.email} android={android} />
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="subscriber-deliveries">
        <Title order={2} size="h4" id="subscriber-deliveries" mb="sm">
          {t('portal:subscribers.detail.deliveries')}
        </Title>
        {detail.deliveries.length === 0 ? (
          <Notice testId="no-deliveries">{t('portal:subscribers.detail.noDeliveries')}</Notice>
        ) : (
          <div className="portal-table-wrap">
            <table className="portal-table" data-testid="deliveries">
              <thead>
                <tr>
                  <th scope="col">{t('portal:subscribers.detail.when')}</th>
                  <th scope="col">{t('portal:subscribers.detail.channel')}</th>
                  <th scope="col">{t('portal:subscribers.detail.recipient')}</th>
                  <th scope="col">{t('account.esim.iccid')}</th>
                  <th scope="col">{t('portal:subscribers.detail.by')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.deliveries.map((d) => (
                  <tr key={d.id} data-channel={d.channel}>
                    <td>{formatDateTime(d.createdAt, locale)}</td>
                    <td>{channelLabel(d.channel, t)}</td>
                    <td>
                      <span dir="ltr">{d.recipient ?? '—'}</span>
                    </td>
                    <td>
                      <span dir="ltr">{d.iccid}</span>
                    </td>
                    <td>{d.byName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Stack>
  );
};
