import type { BusinessOrdersQuery } from '@esim/contracts/staff';
import { businessOrdersQuerySchema } from '@esim/contracts/staff';
import { formatNumber, formatPrice } from '@esim/ui/format';
import { useLocale } from '@esim/ui/use-locale';
import { Paper, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listBusinessOrders } from '../api/list-business-orders';

/** Per partner: the paid orders its link brought and their total, for the list's current search. */
export const BusinessTotals = () => {
  const { t } = useTranslation(['admin-businesses', 'admin']);
  const locale = useLocale();
  const [params] = useSearchParams();
  const parsed = businessOrdersQuerySchema.safeParse(Object.fromEntries(params));
  const query: BusinessOrdersQuery = parsed.success ? parsed.data : businessOrdersQuerySchema.parse({});
  // The same request as the list's page: TanStack Query shares it when the keys match.
  const answer = useQuery({
    queryKey: ['business-orders', query],
    queryFn: ({ signal }) => listBusinessOrders(query, signal),
  });
  const totals = answer.data?.totals ?? [];
  if (totals.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="lg">
      <Title order={2} size="h4" mb="sm">
        {t('businessOrders.totalsTitle')}
      </Title>
      <Table data-testid="business-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('businessOrders.businessName')}</Table.Th>
            <Table.Th>{t('businessOrders.referralCode')}</Table.Th>
            <Table.Th ta="right">{t('businessOrders.paidOrders')}</Table.Th>
            <Table.Th ta="right">{t('businessOrders.paidTotalCents')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((row) => (
            <Table.Tr key={row.businessId}>
              <Table.Td>{row.businessName}</Table.Td>
              <Table.Td>{row.referralCode}</Table.Td>
              <Table.Td ta="right">{formatNumber(row.paidOrders, locale)}</Table.Td>
              <Table.Td ta="right">{formatPrice(row.paidTotalCents, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};
