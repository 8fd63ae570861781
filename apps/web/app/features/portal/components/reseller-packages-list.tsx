import './portal-money.css';
import { type PackageType, packageTypes } from '@esim/contracts';
import { formatData, formatDays, formatPrice } from '@esim/ui/format';
import { Anchor } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { resellerPackagesPageSize, useResellerPackages } from '../api/get-reseller-packages';
import { MoneyPager } from './money-pager';

/**
 * All packages (SPEC section 2): the reseller price list with search, category (global, regional, local) and
 * previous/next paging; the reseller price, the suggested retail price (the shop's sellShopPrice) and "sell".
 */
export const ResellerPackagesList = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = (packageTypes as readonly string[]).includes(typeParam ?? '')
    ? (typeParam as PackageType)
    : undefined;
  const q = (params.get('q') ?? '').slice(0, 100);
  const page = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1));
  const [search, setSearch] = useState(q);
  useEffect(() => setSearch(q), [q]);
  const list = useResellerPackages({ ...(type ? { type } : {}), ...(q ? { q } : {}), page });

  const go = (next: { type?: PackageType | undefined; q?: string; page?: number }) => {
    const search: Record<string, string> = {};
    if (next.type) search.type = next.type;
    if (next.q) search.q = next.q;
    if (next.page && next.page > 1) search.page = String(next.page);
    setParams(search);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ type, q: search.trim() });
  };

  return (
    <>
      <form className="portal-filters" onSubmit={submit} aria-label={t('portal:packages.searchLabel')}>
        <label>
          {t('portal:packages.search')}
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={100}
            data-testid="packages-search"
          />
        </label>
        <label>
          {t('portal:packages.category')}
          <select
            value={type ?? ''}
            onChange={(e) => go({ type: (e.currentTarget.value || undefined) as PackageType | undefined, q })}
            data-testid="packages-type"
          >
            <option value="">{t('portal:orders.all')}</option>
            {packageTypes.map((value) => (
              <option key={value} value={value}>
                {t(`catalogue.types.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="visually-hidden">
          {t('portal:packages.search')}
        </button>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <Notice testId="packages-empty">{t('portal:packages.empty')}</Notice>
      ) : (
        <div aria-busy={list.isPlaceholderData}>
          <table className="portal-table portal-table--stack" data-testid="packages-table">
            <caption className="visually-hidden">{t('portal:packages.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('portal:packages.name')}</th>
                <th scope="col">{t('portal:packages.category')}</th>
                <th scope="col">{t('portal:packages.data')}</th>
                <th scope="col">{t('portal:packages.validity')}</th>
                <th scope="col" className="portal-num">
                  {t('portal:packages.resellerPrice')}
                </th>
                <th scope="col" className="portal-num">
                  {t('portal:packages.retailPrice')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('portal:packages.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((pkg) => (
                <tr key={pkg.slug} data-testid="package-row">
                  <td data-label={t('portal:packages.name')}>{pkg.name}</td>
                  <td data-label={t('portal:packages.category')}>{t(`catalogue.types.${pkg.type}`)}</td>
                  <td data-label={t('portal:packages.data')} className="portal-nowrap">
                    {pkg.dataMb === null ? t('catalogue.unlimited') : formatData(pkg.dataMb, locale)}
                  </td>
                  <td data-label={t('portal:packages.validity')} className="portal-nowrap">
                    {formatDays(pkg.validityDays, locale)}
                  </td>
                  <td data-label={t('portal:packages.resellerPrice')} className="portal-num">
                    {formatPrice(pkg.resellerPriceCents, locale)}
                  </td>
                  <td data-label={t('portal:packages.retailPrice')} className="portal-num">
                    {formatPrice(pkg.retailPriceCents, locale)}
                  </td>
                  <td data-label={t('portal:packages.actions')}>
                    <Anchor
                      component={Link}
                      to={`/portal/new-subscriber?package=${encodeURIComponent(pkg.slug)}`}
                      c="accent.9"
                      fw={700}
                      aria-label={t('portal:packages.sellNamed', { name: pkg.name })}
                    >
                      {t('portal:packages.sell')}
                    </Anchor>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <MoneyPager
            page={page}
            pages={Math.max(1, Math.ceil(list.data.total / resellerPackagesPageSize))}
            onPage={(next) => go({ type, q, page: next })}
            label={t('portal:packages.pagination')}
          />
        </div>
      )}
    </>
  );
};
