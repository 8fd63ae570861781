import type { CustomerEsim } from '@esim/contracts';
import { endedStatusOf, isEsimLive } from '@esim/contracts/esim-lifecycle';
import { describeError } from '@esim/ui/describe-error';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { useRefreshUsage } from '../api/refresh-usage';
import { esimDigits, formatDate, formatDateTime, lastUsageUpdateOf } from '../format';
import { buyPackagePath, qrCodePath } from '../links';
import { PackageUsage } from './package-usage';

const esimTone: Record<CustomerEsim['status'], string> = {
  ready: 'account-badge--wait',
  installed: 'account-badge--good',
  disabled: 'account-badge--bad',
  freed: 'account-badge--bad',
  cancelled: 'account-badge--bad',
};

export const EsimStatusBadge = ({ status }: { status: CustomerEsim['status'] }) => {
  const { t } = useTranslation();
  return (
    <span className={`account-badge ${esimTone[status]}`} data-testid="esim-status" data-status={status}>
      {t(`account.esimStatus.${status}`)}
    </span>
  );
};

/**
 * What happened to an eSIM that stopped working (ADR 0091): replaced, released unused (and what the buyer gets
 * back), or cancelled, with the day it stopped. Nothing for one that works.
 */
export const EsimEndedNote = ({ esim, labelled = false }: { esim: CustomerEsim; labelled?: boolean }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const ended = endedStatusOf(esim.status);
  if (!ended) return null;
  return (
    <Notice testId="esim-ended">
      {labelled ? (
        <Text fw={700} mb={4}>
          {t('account:esim.label', { digits: esimDigits(esim) })}
        </Text>
      ) : null}
      <span data-status={ended}>{t(`account:esim.ended.${ended}`)}</span>
      {esim.endedAt ? (
        <Text size="sm" mt={4} data-testid="esim-ended-on">
          {t('account:esim.endedOn', { date: formatDate(esim.endedAt, locale) })}
        </Text>
      ) : null}
    </Notice>
  );
};

/** "Refresh usage" with the time of the last report from the provider. */
const UsageRefresh = ({ esim }: { esim: CustomerEsim }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const refresh = useRefreshUsage();
  const updatedAt = lastUsageUpdateOf(esim);
  return (
    <div>
      <Group gap="sm" align="center">
        <Button
          size="compact-md"
          variant="outline"
          loading={refresh.isPending}
          onClick={() => refresh.mutate(esim.id)}
          data-testid="refresh-usage"
        >
          {t('account:packages.refresh')}
        </Button>
        <Text size="sm" c="dark.6" aria-live="polite" data-testid="usage-updated">
          {updatedAt
            ? t('account:packages.lastUpdate', { time: formatDateTime(updatedAt, locale) })
            : t('account:packages.neverUpdated')}
        </Text>
      </Group>
      {refresh.isError ? (
        <Text size="sm" c="red.9" role="alert" mt={4}>
          {describeError(t, refresh.error)}
        </Text>
      ) : null}
    </div>
  );
};

/** One eSIM on the active packages screen: its packages (current ones first, ended ones folded away). */
export const EsimCard = ({ esim }: { esim: CustomerEsim }) => {
  const { t } = useTranslation();
  const usable = isEsimLive(esim.status);
  const current = [
    ...esim.packages.filter((p) => p.status === 'active'),
    ...esim.packages.filter((p) => p.status === 'queued'),
  ];
  const ended = esim.packages.filter((p) => p.status !== 'active' && p.status !== 'queued').reverse();
  const headingId = `esim-${esim.id}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="esim-card"
      data-iccid={esim.iccid}
      data-status={esim.status}
    >
      <Stack gap="md">
        <div>
          <Group justify="space-between" align="center" gap="xs">
            <Title order={2} size="h4" id={headingId}>
              {t('account:esim.label', { digits: esimDigits(esim) })}
            </Title>
            <EsimStatusBadge status={esim.status} />
          </Group>
          <Text size="xs" c="dark.6" mt={2}>
            {t('account.esim.iccid')}: <span dir="ltr">{esim.iccid}</span>
          </Text>
        </div>
        {usable ? <UsageRefresh esim={esim} /> : <EsimEndedNote esim={esim} />}
        {current.length > 0 ? (
          <Stack gap="sm">
            {current.map((pkg) => (
              <PackageUsage key={pkg.id} pkg={pkg} />
            ))}
          </Stack>
        ) : usable ? (
          <Text data-testid="no-active-package">{t('account:packages.noActive')}</Text>
        ) : null}
        {usable ? (
          <Group gap="sm">
            <Button component={Link} to={buyPackagePath(esim.id)} data-testid="buy-more">
              {t('account:packages.buyMore')}
            </Button>
            <Button component={Link} to={qrCodePath(esim.id)} variant="outline">
              {t('account:packages.showQr')}
            </Button>
          </Group>
        ) : null}
        {ended.length > 0 ? (
          <details data-testid="ended-packages">
            <summary style={{ cursor: 'pointer', fontWeight: 600, minHeight: 24 }}>
              {t('account:packages.earlier', { count: ended.length })}
            </summary>
            <Stack gap="sm" mt="sm">
              {ended.map((pkg) => (
                <PackageUsage key={pkg.id} pkg={pkg} />
              ))}
            </Stack>
          </details>
        ) : null}
      </Stack>
    </Paper>
  );
};
