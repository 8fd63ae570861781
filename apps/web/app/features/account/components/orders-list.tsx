import type { CustomerOrder } from '@esim/contracts';
import { isApiError } from '@esim/ui/api-client';
import { formatPrice } from '@esim/ui/format';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { ordersPageSize, useOrders } from '../api/get-orders';
import { formatDate, formatGb } from '../format';
import { buyEsimPath } from '../links';
import { InvoiceButton } from './invoice-button';

const paymentTone: Record<CustomerOrder['payment'], string> = {
  paid: 'account-badge--good',
  refunded: 'account-badge',
  unpaid: 'account-badge--wait',
  failed: 'account-badge--bad',
};

const statusTone = (status: CustomerOrder['status']) =>
  status === 'completed'
    ? 'account-badge--good'
    : status === 'failed' || status === 'cancelled'
      ? 'account-badge--bad'
      : status === 'pending' || status === 'paid' || status === 'for_review'
        ? 'account-badge--wait'
        : '';

/** The texts of one order, formatted once for the table and the cards. */
const useOrderCells = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (order: CustomerOrder) => ({
    package: order.packageName,
    kind: t(`account.orders.kinds.${order.kind}`),
    created: formatDate(order.createdAt, locale),
    status: (
      <span className={`account-badge ${statusTone(order.status)}`}>
        {t(`account.orderStatus.${order.status}`)}
      </span>
    ),
    payment: (
      <>
        <span className={`account-badge ${paymentTone[order.payment]}`}>
          {t(`account:payment.${order.payment}`)}
        </span>
        {order.refunds.map((refund) => (
          <Text
            key={refund.createdAt}
            size="xs"
            mt={4}
            data-testid="order-refund"
            style={{ maxWidth: '22rem' }}
          >
            {t(`common:refund.${refund.kind === 'duplicate_payment' ? 'duplicate_payment' : 'order'}`, {
              amount: formatPrice(refund.amountCents, locale),
            })}
            {refund.status === 'failed' ? ` ${t('common:refund.failed')}` : null}
          </Text>
        ))}
      </>
    ),
    paidAt: order.paidAt ? formatDate(order.paidAt, locale) : '—',
    data: order.dataGb === null ? t('catalogue.unlimited') : formatGb(order.dataGb, locale),
    total: formatPrice(order.totalCents, locale),
  });
};

type RowProps = { orders: CustomerOrder[]; onInvoiceError: (message: string | null) => void };

/** Wide screens: one row per order. */
const OrdersTable = ({ orders, onInvoiceError }: RowProps) => {
  const { t } = useTranslation();
  const cells = useOrderCells();
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="account-table" data-testid="orders-table">
        <caption className="visually-hidden">{t('account:orders.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('account:orders.number')}</th>
            <th scope="col">{t('account:orders.package')}</th>
            <th scope="col">{t('account:orders.created')}</th>
            <th scope="col">{t('account:orders.status')}</th>
            <th scope="col">{t('account:orders.payment')}</th>
            <th scope="col">{t('account:orders.date')}</th>
            <th scope="col">{t('account:orders.data')}</th>
            <th scope="col">{t('account:orders.total')}</th>
            <th scope="col">{t('account:orders.invoice')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const c = cells(order);
            return (
              <tr key={order.id} data-testid="order-item" data-order-number={order.number}>
                <td className="account-table__nowrap">
                  <span dir="ltr">{order.number}</span>
                </td>
                <td>
                  {c.package}
                  <Text component="span" size="xs" c="dark.6" display="block">
                    {c.kind}
                  </Text>
                </td>
                <td className="account-table__nowrap">{c.created}</td>
                <td>{c.status}</td>
                <td>{c.payment}</td>
                <td className="account-table__nowrap">{c.paidAt}</td>
                <td className="account-table__nowrap">{c.data}</td>
                <td className="account-table__nowrap">{c.total}</td>
                <td>
                  {order.invoiceAvailable ? (
                    <InvoiceButton orderId={order.id} orderNumber={order.number} onError={onInvoiceError} />
                  ) : (
                    <span>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t('account:orders.noInvoice')}</span>
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};

/** Phones: one card per order, the same facts as the table. */
const OrderCards = ({ orders, onInvoiceError }: RowProps) => {
  const { t } = useTranslation();
  const cells = useOrderCells();
  return (
    <ul className="account-list" data-testid="orders-cards">
      {orders.map((order) => {
        const c = cells(order);
        return (
          <li key={order.id} data-testid="order-item" data-order-number={order.number}>
            <Paper withBorder radius="lg" p="md" component="article" aria-label={order.number}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700}>{c.package}</Text>
                  <Text size="sm" c="dark.6">
                    {c.kind} · <span dir="ltr">{order.number}</span>
                  </Text>
                </div>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {c.total}
                </Text>
              </Group>
              <dl className="account-facts">
                <div>
                  <dt>{t('account:orders.status')}</dt>
                  <dd>{c.status}</dd>
                </div>
                <div>
                  <dt>{t('account:orders.payment')}</dt>
                  <dd>{c.payment}</dd>
                </div>
                <div>
                  <dt>{t('account:orders.created')}</dt>
                  <dd>{c.created}</dd>
                </div>
                <div>
                  <dt>{t('account:orders.date')}</dt>
                  <dd>{c.paidAt}</dd>
                </div>
                <div>
                  <dt>{t('account:orders.data')}</dt>
                  <dd>{c.data}</dd>
                </div>
              </dl>
              {order.invoiceAvailable ? (
                <Group mt="sm">
                  <InvoiceButton orderId={order.id} orderNumber={order.number} onError={onInvoiceError} />
                </Group>
              ) : null}
            </Paper>
          </li>
        );
      })}
    </ul>
  );
};

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

/**
 * The dashboard home's orders (SPEC section 3, "Order (customer view)"), ten a page, newest first; the page is
 * in the address (`?page=2`), so back and reload keep it. A table on wide screens, cards on phones.
 */
export const OrdersList = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const setPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {}, { replace: false });
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const orders = useOrders(page);
  const outOfRange = isApiError(orders.error) && orders.error.code === 'PAGE_OUT_OF_RANGE';

  // A page that no longer exists (an old link): back to the first one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the error matters.
  useEffect(() => {
    if (outOfRange) setParams({}, { replace: true });
  }, [outOfRange]);

  if (orders.isPending || outOfRange) return <Loading />;
  if (orders.isError && !orders.data)
    return <LoadError error={orders.error} onRetry={() => void orders.refetch()} />;

  const { items, total } = orders.data;
  const pages = Math.max(1, Math.ceil(total / ordersPageSize));

  if (total === 0)
    return (
      <Notice testId="orders-empty">
        {t('account:orders.empty')} <Link to={buyEsimPath}>{t('account:orders.buyFirst')}</Link>
      </Notice>
    );

  return (
    <div aria-busy={orders.isPlaceholderData}>
      <div aria-live="polite">
        {invoiceError ? (
          <Notice tone="error" testId="invoice-error">
            {invoiceError}
          </Notice>
        ) : null}
      </div>
      {wide ? (
        <OrdersTable orders={items} onInvoiceError={setInvoiceError} />
      ) : (
        <OrderCards orders={items} onInvoiceError={setInvoiceError} />
      )}
      {pages > 1 ? (
        <nav aria-label={t('account:orders.pagination')}>
          <Group justify="space-between" mt="md" gap="xs">
            <Button
              variant="outline"
              size="compact-md"
              disabled={page <= 1}
              onClick={() => setPage(Math.max(1, page - 1))}
              data-testid="orders-previous"
            >
              {t('account.orders.previous')}
            </Button>
            <Text size="sm" aria-live="polite" data-testid="orders-page">
              {t('account.orders.pageOf', { page, pages })}
            </Text>
            <Button
              variant="outline"
              size="compact-md"
              disabled={page >= pages || orders.isPlaceholderData}
              onClick={() => setPage(Math.min(pages, page + 1))}
              data-testid="orders-next"
            >
              {t('account.orders.next')}
            </Button>
          </Group>
        </nav>
      ) : null}
    </div>
  );
};
