import { dashboardPeriods, type StaffDashboard } from '@esim/contracts/staff';
import { formatNumber, formatPrice } from '@esim/ui/format';
import { ScrollTable } from '@esim/ui/scroll-table';
import { useLocale } from '@esim/ui/use-locale';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { getStaffScreen, type StaffScreenId } from '../../../lib/access';
import { useDashboard } from '../api/get-dashboard';
import { RevenueChart } from './revenue-chart';

const figures = ['revenueCents', 'orders', 'newCustomers', 'topUps', 'shopCreditSoldCents'] as const;
const money = new Set<string>(['revenueCents', 'shopCreditSoldCents']);

/** Each queue that needs a person, and the list it opens. */
const queues: { key: keyof StaffDashboard['attention']; screen: StaffScreenId; query?: string }[] = [
  { key: 'ordersForReview', screen: 'ordersForReview' },
  { key: 'failedTransactions', screen: 'ordersFailedTransactions' },
  { key: 'failedRefunds', screen: 'refundsFailed' },
  { key: 'pendingShops', screen: 'staffManageShops', query: '?status=pending_verification' },
  { key: 'newApplications', screen: 'staffManageBusinesses' },
];

/** The home screen's figures: the three periods, active eSIMs, the revenue chart and the queues. */
export const DashboardOverview = () => {
  const { t } = useTranslation(['admin-dashboard', 'admin', 'common']);
  const locale = useLocale();
  const answer = useDashboard(true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const show = (field: string, value: number) =>
    money.has(field) ? formatPrice(value, locale) : formatNumber(value, locale);
  return (
    <Stack gap="lg" data-testid="dashboard-overview">
      <Paper withBorder radius="md" p="md">
        <ScrollTable minWidth={420} label={t('screens.dashboard')}>
          <Table data-testid="dashboard-figures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {dashboardPeriods.map((period) => (
                  <Table.Th key={period} ta="right">
                    {t(`home.periods.${period}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {figures.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row">{t(`home.figures.${field}`)}</Table.Th>
                  {dashboardPeriods.map((period) => (
                    <Table.Td key={period} ta="right" data-testid={`figure-${field}-${period}`}>
                      {show(field, data.periods[period][field])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Text mt="sm" data-testid="active-esims">
          {t('home.activeEsims')}: <strong>{formatNumber(data.activeEsims, locale)}</strong>
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('home.chartTitle')}
          </Title>
          <RevenueChart days={data.revenueByDay} />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('home.attention')}
          </Title>
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-testid="attention"
          >
            {queues.map((queue) => (
              <Group key={queue.key} component="li" justify="space-between">
                <Anchor
                  component={Link}
                  to={`${getStaffScreen(queue.screen).path}${queue.query ?? ''}`}
                  c="accent.7"
                >
                  {t(`home.queues.${queue.key}`)}
                </Anchor>
                <Badge color={data.attention[queue.key] > 0 ? '#a61b1b' : '#495057'} variant="filled">
                  {formatNumber(data.attention[queue.key], locale)}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
};
