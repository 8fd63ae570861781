import type { OrderTimelineEvent } from '@esim/contracts';
import type { StaffOrderPage } from '@esim/contracts/staff';
import { DetailPage, Section } from '@esim/ui/detail/detail-page';
import { Facts, factsFor } from '@esim/ui/detail/facts';
import { RelatedList } from '@esim/ui/detail/related-list';
import { formatDate, formatPrice } from '@esim/ui/format';
import { type CellContext, defineRows } from '@esim/ui/list/define-list';
import { useLocale } from '@esim/ui/use-locale';
import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { refundErrorCell, refundErrorLabel } from '../../../components/refund-error';
import { esimPackageStatus, esimStatus } from '../../../lib/esim-statuses';
import { orderStatus } from '../../../lib/order-rows';
import { orderKind } from '../all-orders-list';
import { useStaffOrder } from '../api/get-order';
import { reviewReason } from '../review-orders-list';
import { OrderActions } from './order-actions';

/**
 * The order's page (issue 31): everything `GET /api/staff/orders/:orderId` answers, in the drawer of every order
 * list (all orders, for review, failed transactions, and the lists of other areas). SPEC has no route of its own
 * for an order, so the drawer's URL parameter (`?order=<id>`) is its link. Its actions are the order's own
 * (order-actions.tsx); a route may add a panel from another area under the refunds (the refund action) with `extra`.
 */

const labels = 'admin-orders:orderScreens.detail';
type Order = StaffOrderPage;
/** A panel another area adds to a paid order's page (the route composes the two areas). */
export type OrderExtra = (order: Order) => ReactNode;
type Esim = Order['esims'][number];

const fact = factsFor<Order>();
const orderFacts = [
  fact.status('kind', orderKind),
  fact.custom('paymentMethod', (o, { t }) =>
    t(`admin-orders:orderScreens.paymentMethods.${o.paymentMethod}`),
  ),
  fact.date('createdAt'),
  fact.date('paidAt'),
  fact.date('completedAt'),
  fact.date('failedAt'),
  fact.status('reviewReason', reviewReason),
  fact.text('failureReason'),
  fact.number('fulfilmentAttempts'),
  fact.text('locale'),
  fact.custom('shop', (o) => o.shop?.name ?? ''),
  fact.custom('campaign', (o) => o.attribution.utmCampaign ?? ''),
];

const buyerFact = factsFor<Order['buyer']>();
const buyerFacts = [
  buyerFact.text('name'),
  buyerFact.text('email'),
  buyerFact.text('phone'),
  buyerFact.text('country'),
];

const priceFact = factsFor<Order['price']>();
const priceFacts = [
  priceFact.money('subtotalCents'),
  priceFact.money('discountCents'),
  priceFact.money('bonusCents'),
  priceFact.money('giftCardCents'),
  priceFact.money('totalCents'),
];

const lineRows = defineRows<Order['lines'][number]>({
  id: 'order-lines',
  labels,
  rowId: (line) => `${line.description}:${line.totalCents}`,
  columns: (col) => [
    col.text('description'),
    col.number('quantity'),
    col.money('unitCents'),
    col.money('totalCents'),
  ],
});

const paymentRows = defineRows<Order['payments'][number]>({
  id: 'order-payments',
  labels,
  rowId: (payment) => payment.id,
  columns: (col) => [
    col.text('provider'),
    col.custom('status', (p, { t }) => t(`admin-orders:orderScreens.paymentStatuses.${p.status}`)),
    col.money('amountCents'),
    col.text('failureReason'),
    col.date('createdAt'),
    col.date('updatedAt'),
  ],
});

const megabytes = (mb: number | null, { locale }: CellContext) =>
  mb === null ? '∞' : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(mb / 1024)} GB`;

const packageRows = defineRows<Esim['packages'][number]>({
  id: 'order-esim-packages',
  labels,
  rowId: (pkg) => pkg.id,
  columns: (col) => [
    col.custom('package', (pkg) => pkg.name),
    col.status('status', esimPackageStatus),
    col.custom('usage', (pkg, context) =>
      context.t('admin-orders:orderScreens.detail.usageOf', {
        used: megabytes(pkg.dataUsedMb, context),
        total: megabytes(pkg.dataMb, context),
      }),
    ),
    col.number('validityDays'),
    col.date('activatedAt'),
    col.date('expiresAt'),
  ],
});

const messageRows = defineRows<Order['messages'][number]>({
  id: 'order-messages',
  labels,
  rowId: (m) => `${m.at}:${m.channel}:${m.to}`,
  columns: (col) => [
    col.date('at'),
    col.custom('channel', (m, { t }) => t(`admin-orders:orderScreens.channelsSent.${m.channel}`)),
    col.text('to'),
    col.text('subject'),
    col.custom('status', (m, { t }) =>
      m.status ? t(`admin-orders:orderScreens.messageStatuses.${m.status}`) : '',
    ),
  ],
});

const refundRows = defineRows<Order['refunds'][number]>({
  id: 'order-refunds',
  labels,
  rowId: (r) => r.id,
  columns: (col) => [
    col.text('kind'),
    col.custom('status', (r, { t }) => t(`admin-orders:orderScreens.paymentStatuses.${r.status}`)),
    col.money('amountCents'),
    col.custom('error', (r, { t }) => refundErrorCell(t, r)),
    col.date('createdAt'),
  ],
});

/** One timeline event in words: what happened, with the detail staff need ("where is my QR code?"). */
const describeEvent = (event: OrderTimelineEvent, { t, locale }: CellContext): string => {
  const key = (part: string) => `admin-orders:orderScreens.timeline.${part}`;
  const status = (value: string | null) => (value ? orderStatus.label(t, value as never) : '—');
  const money = (cents: number | null) => (cents === null ? '—' : formatPrice(cents, locale));
  const withReason = (text: string, reason: string | null) =>
    reason ? `${text} — ${t(key('reason'), { reason })}` : text;
  switch (event.kind) {
    case 'state_changed':
      return withReason(
        event.detail.from === null
          ? t(key('orderPlaced'), { to: status(event.detail.to) })
          : t(key('stateChanged'), { from: status(event.detail.from), to: status(event.detail.to) }),
        event.detail.reason,
      );
    case 'payment_attempt':
      return withReason(
        t(key('paymentAttempt'), {
          provider: event.detail.provider,
          status: t(`admin-orders:orderScreens.paymentStatuses.${event.detail.status}`),
          amount: money(event.detail.amountCents),
        }),
        event.detail.failureReason,
      );
    case 'webhook_received':
      return t(key('webhookReceived'), { provider: event.detail.provider, type: event.detail.type });
    case 'provider_call':
      return t(key(event.detail.ok ? 'providerCall' : 'providerCallFailed'), {
        request: t(key(`requests.${event.detail.request}`)),
        answer: event.detail.answer,
        ms: event.detail.ms,
      });
    case 'message_sent':
      return t(key('messageSent'), {
        channel: t(`admin-orders:orderScreens.channelsSent.${event.detail.channel}`),
        to: event.detail.to,
        subject: event.detail.subject ?? '—',
      });
    case 'refund': {
      const text = t(key('refund'), {
        kind: t(key(`refundKinds.${event.detail.kind}`), { defaultValue: event.detail.kind }),
        status: t(`admin-orders:orderScreens.paymentStatuses.${event.detail.status}`),
        amount: money(event.detail.amountCents),
      });
      // A failed refund: the reason translated, then the provider's own words (ADR 0081).
      const reason = refundErrorLabel(t, event.detail.errorCode);
      const said = event.detail.error
        ? t('admin:refundErrorCodes.providerSaid', { text: event.detail.error })
        : null;
      return [text, reason, said].filter(Boolean).join(' — ');
    }
    case 'gift_claimed':
      return t(key('giftClaimed'), { email: event.detail.email });
    case 'staff_action':
      return withReason(
        t(key('staffAction'), {
          action: t(key(`actions.${event.detail.action}`), { defaultValue: event.detail.action }),
        }),
        event.detail.reason,
      );
  }
};

const timelineRows = defineRows<OrderTimelineEvent>({
  id: 'order-timeline',
  labels: 'admin-orders:orderScreens.timeline',
  rowId: (event) => event.id ?? `${event.at}:${event.kind}:${JSON.stringify(event.detail)}`,
  columns: (col) => [
    col.date('at'),
    col.custom('who', (event, { t }) =>
      event.staff ? event.staff.name : t(`admin-orders:orderScreens.timeline.actors.${event.actor}`),
    ),
    col.custom('what', describeEvent),
  ],
});

const EsimSection = ({ esim }: { esim: Esim }) => {
  const { t } = useTranslation('admin-orders');
  const locale = useLocale();
  const title = t('orderScreens.detail.esimTitle', {
    iccid: esim.iccid,
    role: t(`orderScreens.detail.esimRoles.${esim.role}`),
    status: esimStatus.label(t, esim.status),
  });
  return (
    <Stack gap={4} data-testid="order-esim" data-status={esim.status}>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      {esim.endedAt ? (
        <Text size="sm" c="gray.7">
          {t('admin:esimEndedOn', { date: formatDate(esim.endedAt, locale) })}
        </Text>
      ) : null}
      <Text size="sm" c="gray.7">
        {t('orderScreens.detail.installs', { count: esim.installCount })}
      </Text>
      <RelatedList rows={packageRows} items={esim.packages} label={title} minWidth={640} />
    </Stack>
  );
};

export const OrderDetail = ({
  orderId,
  extra,
}: {
  orderId: string;
  /** What another area adds to the page once the order has loaded (refunds: its refund panel). */
  extra?: OrderExtra;
}) => {
  const { t } = useTranslation(['admin-orders', 'admin']);
  const answer = useStaffOrder(orderId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const order = answer.data;
  const section = (id: string) => t(`orderScreens.detail.sections.${id}`);
  return (
    <DetailPage
      title={order.number}
      subtitle={`${order.buyer.name} · ${order.buyer.email}`}
      status={{ statuses: orderStatus, value: order.status, 'data-testid': 'order-status' }}
      badges={
        // A refund the provider refused moved nothing (ADR 0090): the order is not refunded, and staff see it.
        order.refunds.some((r) => r.status === 'failed') ? (
          <Badge color="red" variant="light" data-testid="order-refund-failed">
            {t('orderScreens.detail.refundFailed')}
          </Badge>
        ) : null
      }
      actions={<OrderActions order={order} />}
      data-testid="order-detail"
    >
      <Facts item={order} facts={orderFacts} labels={labels} testIdPrefix="order" />
      <Section title={section('buyer')}>
        <Facts item={order.buyer} facts={buyerFacts} labels={labels} testIdPrefix="buyer" />
      </Section>
      <Section title={section('lines')}>
        <RelatedList rows={lineRows} items={order.lines} label={section('lines')} />
        <Facts item={order.price} facts={priceFacts} labels={labels} cols={4} />
      </Section>
      <Section title={section('payments')}>
        <RelatedList
          rows={paymentRows}
          items={order.payments}
          label={section('payments')}
          empty={t('orderScreens.detail.noPayments')}
          minWidth={640}
        />
      </Section>
      <Section title={section('esims')} data-testid="order-esims">
        {order.esims.length === 0 ? <Text c="gray.7">{t('orderScreens.detail.noEsims')}</Text> : null}
        {order.esims.map((esim) => (
          <EsimSection key={esim.id} esim={esim} />
        ))}
      </Section>
      <Section title={section('messages')}>
        <RelatedList
          rows={messageRows}
          items={order.messages}
          label={section('messages')}
          empty={t('orderScreens.detail.noMessages')}
          minWidth={640}
        />
      </Section>
      <Section title={section('refunds')}>
        <RelatedList
          rows={refundRows}
          items={order.refunds}
          label={section('refunds')}
          empty={t('orderScreens.detail.noRefunds')}
        />
      </Section>
      {order.paidAt ? extra?.(order) : null}
      <Section title={section('timeline')} data-testid="order-timeline">
        <RelatedList
          rows={timelineRows}
          items={order.timeline}
          label={section('timeline')}
          minWidth={640}
          data-testid="order-timeline-table"
        />
      </Section>
    </DetailPage>
  );
};
