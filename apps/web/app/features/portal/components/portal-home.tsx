import './portal-money.css';
import { localeTags } from '@esim/contracts/locales';
import type { LedgerEntry, PortalOrder } from '@esim/contracts/portal';
import { formatDateTime, formatPrice } from '@esim/ui/format';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading, Notice } from '../../../components/query-status';
import { useLocale } from '../../../lib/use-locale';
import { usePortalSummary } from '../api/get-summary';

const Card = ({
  label,
  value,
  detail,
  to,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  to: string;
  testId: string;
}) => (
  <li className="portal-card" data-testid={testId}>
    <p className="portal-card__label">
      <Link to={to} className="portal-card__link">
        {label}
      </Link>
    </p>
    <p className="portal-card__value" data-testid={`${testId}-value`}>
      {value}
    </p>
    {detail ? (
      <p className="portal-card__detail" data-testid={`${testId}-detail`}>
        {detail}
      </p>
    ) : null}
  </li>
);

const EntryRow = ({ entry }: { entry: LedgerEntry }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t(`portal:entryKinds.${entry.kind}`)}
            {entry.orderNumber ? (
              <>
                {' · '}
                <span dir="ltr">{entry.orderNumber}</span>
              </>
            ) : null}
          </Text>
          <Text size="xs" c="dark.6">
            {formatDateTime(entry.createdAt, locale)}
          </Text>
        </div>
        <Text size="sm" fw={700} className={entry.amountCents < 0 ? 'portal-amount-out' : 'portal-amount-in'}>
          {formatPrice(entry.amountCents, locale)}
        </Text>
      </Group>
    </li>
  );
};

const OrderRow = ({ order }: { order: PortalOrder }) => {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {t(`portal:orderKinds.${order.kind}`, { defaultValue: t(`account.orders.kinds.${order.kind}`) })}
            {order.subscriber ? ` · ${order.subscriber.name} ${order.subscriber.lastname}` : ''}
          </Text>
          <Text size="xs" c="dark.6">
            <span dir="ltr">{order.number}</span> · {t(`account.orderStatus.${order.status}`)}
          </Text>
        </div>
        <Text size="sm" fw={700}>
          {formatPrice(order.totalCents, locale)}
        </Text>
      </Group>
    </li>
  );
};

/**
 * The portal home (SPEC section 2): the shop's two daily actions as its most visible buttons (new subscriber, top
 * up credits), cards for credits (total with bonus, and credit and bonus under it), orders, active users and
 * packages, and the latest ledger entries and orders.
 */
export const PortalHome = () => {
  const { t } = useTranslation();
  const locale = useLocale();
  const summary = usePortalSummary();
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  const { balances, ordersCount, activeUsers, packagesCount, recentEntries, recentOrders } = summary.data;
  const count = (n: number) => new Intl.NumberFormat(localeTags[locale]).format(n);
  return (
    <>
      {/* The shop's two daily actions, the first things on the page: links (they open a screen) drawn as buttons. */}
      <div className="portal-actions">
        <Button
          component={Link}
          to="/portal/new-subscriber"
          size="md"
          className="portal-actions__action"
          data-testid="portal-new-subscriber"
        >
          {t('portal:home.newSubscriber')}
        </Button>
        <Button
          component={Link}
          to="/portal/top-up"
          size="md"
          variant="outline"
          className="portal-actions__action"
          data-testid="portal-top-up"
        >
          {t('portal:shell.nav.topUp')}
        </Button>
      </div>
      <ul className="portal-cards" aria-label={t('portal:home.cardsLabel')}>
        <Card
          label={t('portal:home.credits')}
          value={formatPrice(balances.totalCents, locale)}
          detail={t('portal:home.creditsDetail', {
            credit: formatPrice(balances.creditCents, locale),
            bonus: formatPrice(balances.bonusCents, locale),
          })}
          to="/portal/statement"
          testId="card-credits"
        />
        <Card
          label={t('portal:home.orders')}
          value={count(ordersCount)}
          to="/portal/orders"
          testId="card-orders"
        />
        <Card
          label={t('portal:home.activeUsers')}
          value={count(activeUsers)}
          to="/portal/subscribers"
          testId="card-active-users"
        />
        <Card
          label={t('portal:home.packages')}
          value={count(packagesCount)}
          to="/portal/packages"
          testId="card-packages"
        />
      </ul>
      <div
        style={{
          display: 'grid',
          gap: 16,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
        }}
      >
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="recent-entries">
          <Title order={2} size="h4" id="recent-entries" mb="xs">
            {t('portal:home.recentEntries')}
          </Title>
          {recentEntries.length === 0 ? (
            <Text size="sm">{t('portal:home.noEntries')}</Text>
          ) : (
            <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="recent-entries">
              {recentEntries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="recent-orders">
          <Title order={2} size="h4" id="recent-orders" mb="xs">
            {t('portal:home.recentOrders')}
          </Title>
          {recentOrders.length === 0 ? (
            <Notice>{t('portal:home.noOrders')}</Notice>
          ) : (
            <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="recent-orders">
              {recentOrders.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </ul>
          )}
        </Paper>
      </div>
    </>
  );
};
