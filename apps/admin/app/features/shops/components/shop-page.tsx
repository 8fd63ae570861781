import { fallbackLocale, isLocale } from '@esim/contracts/locales';
import { formatDate, formatPrice } from '@esim/ui/format';
import { Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useShop } from '../api/get-shop';
import { ShopLedger } from './shop-ledger';
import { Section, ShopManagePanel } from './shop-manage-panel';

/** `/clients/all-shops/{shopId}`: the shop, what staff can change, its users, latest orders and credit ledger. */
export const ShopPage = ({ shopId }: { shopId: string }) => {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const locale = isLocale(i18n.language) ? i18n.language : fallbackLocale;
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const answer = useShop(shopId, period);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const detail = answer.data;
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="lg">
        <ShopManagePanel detail={detail} />
      </Paper>
      <Section title={t('shops.users', { count: detail.users.length })}>
        <ScrollTable minWidth={480} label={t('shops.users', { count: detail.users.length })}>
          <Table data-testid="shop-users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('clients.name')}</Table.Th>
                <Table.Th>{t('clients.email')}</Table.Th>
                <Table.Th>{t('shops.verified')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{t(`clients.yesNo.${user.verified ? 'yes' : 'no'}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Text size="sm" c="gray.7">
          {t('shops.subscribers', { count: detail.subscribersCount })}
        </Text>
      </Section>
      <Section title={t('shops.orders')}>
        {detail.orders.length === 0 ? (
          <Text c="gray.7">{t('clients.noOrders')}</Text>
        ) : (
          <ScrollTable minWidth={560} label={t('shops.orders')}>
            <Table data-testid="shop-orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('clients.orderNumber')}</Table.Th>
                  <Table.Th>{t('clients.package')}</Table.Th>
                  <Table.Th>{t('clients.orderStatus')}</Table.Th>
                  <Table.Th ta="right">{t('clients.total')}</Table.Th>
                  <Table.Th>{t('shops.date')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.number}</Table.Td>
                    <Table.Td>{order.packageName ?? t(`shops.kinds.topup`)}</Table.Td>
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
      <Section title={t('shops.ledger')}>
        <ShopLedger statement={detail.statement} onPeriod={setPeriod} />
      </Section>
    </Stack>
  );
};
