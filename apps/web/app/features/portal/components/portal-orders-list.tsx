import './portal-money.css';
import { type OrderKind, type OrderStatus, orderStatuses } from '@esim/contracts';
import type { PortalOrder } from '@esim/contracts/portal';
import { describeError } from '@esim/ui/describe-error';
import { formatDateTime, formatPrice } from '@esim/ui/format';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { type PortalOrdersFilters, portalOrdersPageSize, usePortalOrders } from '../api/get-portal-orders';
import { downloadPortalFile } from '../api/portal-download';
import { MoneyPager } from './money-pager';

/** The kinds of order a shop has: purchases for subscribers, refills, changes of eSIM and credit top-ups. */
export const portalOrderKinds = [
  'esim',
  'topup',
  'change_esim',
  'credits',
] as const satisfies readonly OrderKind[];

const isDay = (value: string | null) => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/** The filters and page live in the address, so back, reload and a shared link keep them. */
const useOrdersQuery = () => {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const status = params.get('status');
  const filters: PortalOrdersFilters = {
    ...((portalOrderKinds as readonly string[]).includes(kind ?? '') ? { kind: kind as OrderKind } : {}),
    ...((orderStatuses as readonly string[]).includes(status ?? '') ? { status: status as OrderStatus } : {}),
    ...(isDay(params.get('createdFrom')) ? { createdFrom: params.get('createdFrom') as string } : {}),
    ...(isDay(params.get('createdTo')) ? { createdTo: params.get('createdTo') as string } : {}),
  };
  const page = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1));
  const set = (next: PortalOrdersFilters, nextPage = 1) => {
    const search: Record<string, string> = {};
    for (const [key, value] of Object.entries(next)) if (value) search[key] = value;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  };
  return { filters, page, set };
};

const statusTone = (status: OrderStatus) =>
  status === 'completed'
    ? 'portal-badge--good'
    : status === 'failed' || status === 'cancelled'
      ? 'portal-badge--bad'
      : status === 'pending' || status === 'paid' || status === 'for_review'
        ? 'portal-badge--wait'
        : '';

/**
 * Every order of the shop (issue 11): subscriber purchases, refills, changes and credit top-ups, with status,
 * amount in credits, subscriber and date; filters by kind, status and day in the address; CSV of the whole
 * filtered result.
 */
export const PortalOrdersList = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const { filters, page, set } = useOrdersQuery();
  const orders = usePortalOrders(filters, page);
  const [csvError, setCsvError] = useState<string | null>(null);
  const change = (key: keyof PortalOrdersFilters, value: string) =>
    set({ ...filters, [key]: value || undefined });

  const exportCsv = async () => {
    setCsvError(null);
    try {
      await downloadPortalFile('/portal/orders.csv', filters, 'orders.csv');
    } catch (error) {
      setCsvError(describeError(t, error, 'GENERIC'));
    }
  };

  const kindLabel = (order: PortalOrder) =>
    t(`portal:orderKinds.${order.kind}`, { defaultValue: order.kind });

  return (
    <>
      <div className="portal-filters">
        <label>
          {t('portal:orders.kind')}
          <select
            value={filters.kind ?? ''}
            onChange={(e) => change('kind', e.currentTarget.value)}
            data-testid="orders-kind"
          >
            <option value="">{t('portal:orders.all')}</option>
            {portalOrderKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`portal:orderKinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('portal:orders.status')}
          <select
            value={filters.status ?? ''}
            onChange={(e) => change('status', e.currentTarget.value)}
            data-testid="orders-status"
          >
            <option value="">{t('portal:orders.all')}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`account.orderStatus.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('common:fields.from')}
          <input
            type="date"
            value={filters.createdFrom ?? ''}
            onChange={(e) => change('createdFrom', e.currentTarget.value)}
            data-testid="orders-from"
          />
        </label>
        <label>
          {t('common:fields.to')}
          <input
            type="date"
            value={filters.createdTo ?? ''}
            onChange={(e) => change('createdTo', e.currentTarget.value)}
            data-testid="orders-to"
          />
        </label>
        <Button variant="default" onClick={() => void exportCsv()} data-testid="orders-csv">
          {t('portal:orders.csv')}
        </Button>
      </div>
      {csvError ? <Notice tone="error">{csvError}</Notice> : null}
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.total === 0 ? (
        <Notice testId="orders-empty">{t('portal:orders.empty')}</Notice>
      ) : (
        <div aria-busy={orders.isPlaceholderData}>
          <table className="portal-table portal-table--stack" data-testid="portal-orders-table">
            <caption className="visually-hidden">{t('portal:orders.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('portal:orders.number')}</th>
                <th scope="col">{t('portal:orders.kind')}</th>
                <th scope="col">{t('portal:orders.subscriber')}</th>
                <th scope="col">{t('portal:orders.status')}</th>
                <th scope="col">{t('portal:orders.date')}</th>
                <th scope="col" className="portal-num">
                  {t('portal:orders.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.data.items.map((order) => (
                <tr
                  key={order.id}
                  data-testid="portal-order"
                  data-order-number={order.number}
                  data-kind={order.kind}
                >
                  <td data-label={t('portal:orders.number')}>
                    <span dir="ltr">{order.number}</span>
                  </td>
                  <td data-label={t('portal:orders.kind')}>
                    {kindLabel(order)}
                    {order.packageName && order.kind !== 'credits' ? (
                      <span style={{ display: 'block', fontSize: '0.8rem' }}>{order.packageName}</span>
                    ) : null}
                  </td>
                  <td data-label={t('portal:orders.subscriber')}>
                    {order.subscriber ? `${order.subscriber.name} ${order.subscriber.lastname}` : '—'}
                  </td>
                  <td data-label={t('portal:orders.status')}>
                    <span className={`portal-badge ${statusTone(order.status)}`}>
                      {t(`account.orderStatus.${order.status}`)}
                    </span>
                  </td>
                  <td data-label={t('portal:orders.date')} className="portal-nowrap">
                    {formatDateTime(order.createdAt, locale)}
                  </td>
                  <td data-label={t('portal:orders.amount')} className="portal-num">
                    {formatPrice(order.totalCents, locale)}
                    <span style={{ display: 'block', fontSize: '0.75rem', fontWeight: 400 }}>
                      {order.paymentMethod === 'credits'
                        ? t('portal:orders.paidCredits')
                        : order.bonusCents
                          ? t('portal:orders.plusBonus', { bonus: formatPrice(order.bonusCents, locale) })
                          : t('portal:orders.paidCard')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <MoneyPager
            page={page}
            pages={Math.max(1, Math.ceil(orders.data.total / portalOrdersPageSize))}
            onPage={(next) => set(filters, next)}
            label={t('portal:orders.pagination')}
          />
        </div>
      )}
    </>
  );
};
