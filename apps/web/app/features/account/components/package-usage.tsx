import '@mantine/core/styles/Progress.css';
import type { CustomerEsimPackage } from '@esim/contracts';
import { formatDays } from '@esim/ui/format';
import { Paper, Progress, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { formatDate, formatMb } from '../format';

const statusTone: Record<CustomerEsimPackage['status'], string> = {
  active: 'account-badge--good',
  queued: 'account-badge--wait',
  depleted: '',
  expired: '',
  moved: '',
  deleted: '',
};

export const PackageStatusBadge = ({ status }: { status: CustomerEsimPackage['status'] }) => {
  const { t } = useTranslation();
  return (
    <span className={`account-badge ${statusTone[status]}`} data-testid="package-status" data-status={status}>
      {t(`account.packageStatus.${status}`)}
    </span>
  );
};

/** How much is left, big, then the bar (decorative: the numbers say it) and until when. */
export const RemainingData = ({ pkg }: { pkg: CustomerEsimPackage }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const used = formatMb(pkg.usedMb, locale);
  const limited = pkg.dataMb !== null && pkg.remainingMb !== null;
  const percentLeft =
    pkg.dataMb && pkg.remainingMb !== null ? Math.round((pkg.remainingMb / pkg.dataMb) * 100) : 100;
  let until: string;
  if (pkg.status === 'queued') until = t('account:packages.waitingNote');
  else if (pkg.expiresAt)
    until = t('account:packages.validUntil', { date: formatDate(pkg.expiresAt, locale) });
  else until = t('account:packages.startsOnUse', { validity: formatDays(pkg.validityDays, locale) });
  return (
    <div data-testid="remaining-data">
      <p className="usage__remaining" data-testid="remaining-amount">
        {limited
          ? t('account:packages.left', { remaining: formatMb(pkg.remainingMb ?? 0, locale) })
          : t('account.packages.unlimitedData')}
      </p>
      {pkg.status === 'queued' ? null : (
        <Text size="sm" c="dark.6" data-testid="used-amount">
          {limited && pkg.dataMb !== null
            ? t('account:packages.usedOf', { used, total: formatMb(pkg.dataMb, locale) })
            : t('account:packages.usedOnly', { used })}
        </Text>
      )}
      {limited && pkg.status !== 'queued' ? (
        <Progress
          value={percentLeft}
          size="lg"
          radius="xl"
          mt={8}
          color={percentLeft <= 10 ? 'red.9' : 'accent.7'}
          aria-hidden="true"
          transitionDuration={0}
        />
      ) : null}
      <p className="usage__until">{until}</p>
    </div>
  );
};

/** One package of an eSIM (SPEC section 3, "Active package"): bought, remaining, activated, expires, validity. */
export const PackageUsage = ({ pkg }: { pkg: CustomerEsimPackage }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  const current = pkg.status === 'active' || pkg.status === 'queued';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={`package-${pkg.id}`}
      data-testid="esim-package"
      data-status={pkg.status}
      bg={pkg.status === 'active' ? undefined : 'gray.0'}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <Title order={3} size="h5" id={`package-${pkg.id}`} data-testid="package-name">
          {pkg.name}
        </Title>
        <PackageStatusBadge status={pkg.status} />
      </div>
      {current ? (
        <div style={{ marginTop: 8 }}>
          <RemainingData pkg={pkg} />
        </div>
      ) : null}
      <dl className="account-facts" style={{ marginTop: 12 }}>
        <div>
          <dt>{t('account:packages.bought')}</dt>
          <dd>{formatDate(pkg.boughtAt, locale)}</dd>
        </div>
        <div>
          <dt>{t('account:packages.activated')}</dt>
          <dd>{pkg.activatedAt ? formatDate(pkg.activatedAt, locale) : t('account:packages.notYet')}</dd>
        </div>
        <div>
          <dt>{t('account.packages.expires')}</dt>
          <dd>{pkg.expiresAt ? formatDate(pkg.expiresAt, locale) : t('account:packages.notYet')}</dd>
        </div>
        <div>
          <dt>{t('account:packages.validity')}</dt>
          <dd>{formatDays(pkg.validityDays, locale)}</dd>
        </div>
        {!current ? (
          <div>
            <dt>{t('account:packages.dataUsed')}</dt>
            <dd>
              {pkg.dataMb === null
                ? t('account:packages.usedOnly', { used: formatMb(pkg.usedMb, locale) })
                : t('account:packages.usedOf', {
                    used: formatMb(pkg.usedMb, locale),
                    total: formatMb(pkg.dataMb, locale),
                  })}
            </dd>
          </div>
        ) : null}
      </dl>
    </Paper>
  );
};
