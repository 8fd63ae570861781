import { fallbackLocale, isLocale, type Locale } from '@esim/contracts/locales';
import type { AuditEntry, ClientDetail as Detail } from '@esim/contracts/staff';
import { formatDate, formatPrice } from '@esim/ui/format';
import { Badge, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { changedFields, HistoryList } from '../../../components/history-list';
import { LoadState } from '../../../components/load-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useClient } from '../api/get-client';
import { ClientActions } from './client-actions';

/** Dark enough for white badge text (≥ 4.5:1); Mantine's green.9 and orange.9 are about 4.3:1. */
const statusColor = { active: '#1e6b34', blocked: '#9a3d00', deleted: '#a61b1b' } as const;

const Fact = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" c="gray.7">
      {label}
    </Text>
    <Text>{value || '—'}</Text>
  </div>
);

/** "Unblocked Blocked → Active": the action and the status change, in words. */
const describeChange = (entry: AuditEntry, t: TFunction) =>
  `${t(`clients.audit.${entry.action.replace('customer.', '')}`)} ${changedFields(entry, (_field, value) =>
    t(`clients.statuses.${String(value)}`),
  )}`.trim();

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Stack gap="xs">
    <Title order={3} size="h5">
      {title}
    </Title>
    {children}
  </Stack>
);

const Profile = ({ detail, locale }: { detail: Detail; locale: Locale }) => {
  const { t } = useTranslation(['admin', 'common']);
  const { client } = detail;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Fact label={t('clients.email')} value={client.email} />
      <Fact label={t('clients.phone')} value={client.phone ?? ''} />
      <Fact label={t('clients.country')} value={client.country ?? ''} />
      <Fact label={t('clients.locale')} value={client.locale} />
      <Fact label={t('clients.createdAt')} value={formatDate(client.createdAt, locale)} />
      <Fact label={t('clients.ordersCount')} value={String(client.ordersCount)} />
    </SimpleGrid>
  );
};

/** A client's detail (the drawer of the clients screens): profile, actions, orders, eSIMs and history. */
export const ClientDetail = ({ clientId }: { clientId: string }) => {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const locale = isLocale(i18n.language) ? i18n.language : fallbackLocale;
  const answer = useClient(clientId);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const detail = answer.data;
  const { client } = detail;
  return (
    <Stack gap="lg" data-testid="client-detail">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {client.firstName} {client.lastName}
        </Title>
        <Badge color={statusColor[client.status]} variant="filled" data-testid="client-status">
          {t(`clients.statuses.${client.status}`)}
        </Badge>
      </Stack>
      <ClientActions client={client} locale={locale} />
      <Profile detail={detail} locale={locale} />

      <Section title={t('clients.orders', { count: detail.ordersTotal })}>
        {detail.orders.length === 0 ? (
          <Text c="gray.7">{t('clients.noOrders')}</Text>
        ) : (
          <ScrollTable minWidth={480} label={t('clients.orders', { count: detail.ordersTotal })}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('clients.orderNumber')}</Table.Th>
                  <Table.Th>{t('clients.package')}</Table.Th>
                  <Table.Th>{t('clients.orderStatus')}</Table.Th>
                  <Table.Th ta="right">{t('clients.total')}</Table.Th>
                  <Table.Th>{t('clients.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.number}</Table.Td>
                    <Table.Td>{order.packageName}</Table.Td>
                    <Table.Td>{t(`clients.orderStatuses.${order.status}`)}</Table.Td>
                    <Table.Td ta="right">{formatPrice(order.totalCents, locale)}</Table.Td>
                    <Table.Td>{formatDate(order.createdAt, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Section>

      <Section title={t('clients.esims')}>
        {detail.esims.length === 0 ? (
          <Text c="gray.7">{t('clients.noEsims')}</Text>
        ) : (
          <Stack gap="xs">
            {detail.esims.map((esim) => (
              <Text key={esim.id} size="sm">
                <strong>{esim.iccid}</strong> · {t(`clients.esimStatuses.${esim.status}`)}
                {esim.packages
                  .map((p) => ` · ${p.name} (${t(`clients.packageStatuses.${p.status}`)})`)
                  .join('')}
              </Text>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={t('clients.history')}>
        <HistoryList
          entries={detail.history}
          describe={(entry) => describeChange(entry, t)}
          empty={t('clients.noHistory')}
        />
      </Section>
    </Stack>
  );
};
