import './portal-subscribers.css';
import { type PackageType, packageTypes } from '@esim/contracts';
import type { ResellerPackage } from '@esim/contracts/portal';
import { formatPrice } from '@esim/ui/format';
import { Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { usePackageChoice, usePackageChoices, useRefillPackages } from '../api/get-package-choices';
import { packageTerms } from '../format';

const pageSize = 12;

/** One package as a radio card: its terms, what the shop pays and the suggested retail price. */
const PackageOption = ({
  pkg,
  checked,
  onChoose,
}: {
  pkg: ResellerPackage;
  checked: boolean;
  onChoose: (pkg: ResellerPackage) => void;
}) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <label className="package-choice" data-testid="package-option" data-slug={pkg.slug}>
      <input type="radio" name="package" value={pkg.slug} checked={checked} onChange={() => onChoose(pkg)} />
      <span>
        <span className="package-choice__name">{pkg.name}</span>
        <span className="package-choice__meta">
          {packageTerms(pkg, locale, t('account.packages.unlimitedData'))}
        </span>
        <span className="package-choice__price">
          {t('portal:subscribers.wizard.resellerPrice')}:{' '}
          <strong>{formatPrice(pkg.resellerPriceCents, locale)}</strong>
        </span>
        <span className="package-choice__meta">
          {t('portal:subscribers.wizard.retailPrice')}: {formatPrice(pkg.retailPriceCents, locale)}
        </span>
      </span>
    </label>
  );
};

type Props = { chosen: ResellerPackage | null; onChoose: (pkg: ResellerPackage) => void };

/** The reseller price list to choose from: search and previous/next paging; a `?package=` link comes first. */
export const PackageChoice = ({ chosen, onChoose, presetSlug }: Props & { presetSlug: string | null }) => {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [type, setType] = useState<PackageType | ''>('');
  const [page, setPage] = useState(1);
  const [search] = useDebouncedValue(q.trim(), 300);
  const preset = usePackageChoice(presetSlug);
  const list = usePackageChoices({ q: search || undefined, type: type || undefined, page, pageSize });
  const items = (list.data?.items ?? []).filter((p) => p.slug !== preset.data?.slug);
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / pageSize)) : 1;
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 700, marginBottom: 8 }}>
        {t('portal:subscribers.wizard.choosePackage')}
      </legend>
      {preset.isError ? <Notice tone="error">{t('portal:subscribers.wizard.presetMissing')}</Notice> : null}
      <Group gap="md" align="flex-end" mb="md">
        <TextInput
          type="search"
          label={t('portal:subscribers.wizard.searchPackages')}
          value={q}
          onChange={(event) => {
            setQ(event.currentTarget.value);
            setPage(1);
          }}
          maxLength={100}
          style={{ flex: '1 1 220px', maxWidth: 420 }}
          data-testid="package-search"
        />
        <NativeSelect
          label={t('catalogue.tabsLabel')}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value as PackageType | '');
            setPage(1);
          }}
          data={[
            { value: '', label: t('common:list.all') },
            ...packageTypes.map((value) => ({ value, label: t(`catalogue.tabs.${value}`) })),
          ]}
          data-testid="package-type"
        />
      </Group>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <div className="package-choices">
        {preset.data ? (
          <PackageOption pkg={preset.data} checked={chosen?.slug === preset.data.slug} onChoose={onChoose} />
        ) : null}
        {items.map((pkg) => (
          <PackageOption key={pkg.slug} pkg={pkg} checked={chosen?.slug === pkg.slug} onChoose={onChoose} />
        ))}
      </div>
      {list.data && list.data.total === 0 ? (
        <Text mt="sm">{t('portal:subscribers.wizard.noPackages')}</Text>
      ) : null}
      {lastPage > 1 ? (
        <Group gap="sm" mt="md" align="center">
          <Button variant="outline" size="compact-md" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('portal:subscribers.wizard.previous')}
          </Button>
          <Text size="sm">{t('portal:subscribers.wizard.pageOf', { page, pages: lastPage })}</Text>
          <Button
            variant="outline"
            size="compact-md"
            disabled={page >= lastPage}
            onClick={() => setPage(page + 1)}
          >
            {t('portal:subscribers.wizard.next')}
          </Button>
        </Group>
      ) : null}
    </fieldset>
  );
};

/** The packages that fit a subscriber's eSIM (refill). */
export const RefillPackageChoice = ({ chosen, onChoose, esimId }: Props & { esimId: string }) => {
  const { t } = useTranslation();
  const list = useRefillPackages(esimId);
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 700, marginBottom: 8 }}>
        {t('portal:subscribers.wizard.choosePackage')}
      </legend>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <Notice>{t('portal:subscribers.wizard.noRefillPackages')}</Notice>
      ) : null}
      <div className="package-choices">
        {(list.data?.items ?? []).map((pkg) => (
          <PackageOption key={pkg.slug} pkg={pkg} checked={chosen?.slug === pkg.slug} onChoose={onChoose} />
        ))}
      </div>
    </fieldset>
  );
};
