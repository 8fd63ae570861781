import type { FacebookAdOrders } from '@esim/contracts/staff';
import { facebookAdOrdersShown } from '@esim/contracts/staff';
import { ScrollTable } from '@esim/ui/scroll-table';
import { Anchor, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { useFacebookOrders } from '../api/facebook-ads';
import { CsvButton, FacebookRangePicker, Tile, useFacebookRange, useFigureFormats } from './facebook-kit';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/facebook/ads/orders` (ADR 0069): our orders that came through an ad (Meta's click id or a Meta utm_source),
 * counted as the orders analytics count them; `?campaignId` narrows to one campaign's (or `none`).
 */
export const FacebookOrdersScreen = () => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  const range = useFacebookRange();
  const campaign = range.params.get('campaignId') ?? '';
  const campaignId = campaign === 'none' || uuidPattern.test(campaign) ? campaign : undefined;
  const query = { ...range.range, ...(campaignId ? { campaignId } : {}) };
  const answer = useFacebookOrders(query, range.problem === null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('admin:screens.facebookOrders')}</PageTitle>
      <FacebookRangePicker range={range} />
      <Text size="sm" c="gray.7">
        {t('facebook.ordersRules')}
      </Text>
      {campaignId ? (
        <Anchor
          component={Link}
          to={`/facebook/ads/orders?from=${range.range.from}&to=${range.range.to}`}
          c="accent.7"
          data-testid="facebook-orders-all"
        >
          {t('facebook.allCampaigns')}
        </Anchor>
      ) : null}
      {range.problem ? null : answer.isSuccess ? (
        <OrderRows data={answer.data} query={query} />
      ) : (
        <LoadState query={answer} />
      )}
    </Stack>
  );
};

const OrderRows = ({
  data,
  query,
}: {
  data: FacebookAdOrders;
  query: { from: string; to: string; campaignId?: string };
}) => {
  const { t } = useTranslation('admin-facebook');
  const f = useFigureFormats();
  const title = t('facebook.charts.orders');
  const campaignName = data.rows.find((r) => r.campaignName)?.campaignName;
  return (
    <Stack gap="xl" data-testid="facebook-orders">
      {query.campaignId ? (
        <Text fw={600} data-testid="facebook-orders-campaign">
          {query.campaignId === 'none'
            ? t('facebook.noCampaign')
            : t('facebook.campaignFilter', { name: campaignName ?? '' })}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Tile
          label={t('facebook.figures.orders')}
          value={f.count(data.orders)}
          testId="facebook-orders-count"
        />
        <Tile
          label={t('facebook.figures.revenueCents')}
          value={f.money(data.revenueCents)}
          testId="facebook-orders-revenue"
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600} component="h2" size="lg" id="facebook-orders-title">
            {title}
          </Text>
          <div>
            <CsvButton screen="orders" query={query} title={title} />
          </div>
          {data.rows.length === 0 ? (
            <EmptyState title={t('facebook.noOrders')} />
          ) : (
            <ScrollTable label={title} minWidth={720}>
              <Table striped aria-labelledby="facebook-orders-title" data-testid="facebook-orders-table">
                <Table.Thead>
                  <Table.Tr>
                    {(['number', 'paidAt', 'total', 'source', 'utmCampaign', 'campaign'] as const).map(
                      (c) => (
                        <Table.Th key={c} scope="col">
                          {t(`facebook.orderColumns.${c}`)}
                        </Table.Th>
                      ),
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((row) => (
                    <Table.Tr key={row.id} data-testid="facebook-order-row">
                      <Table.Td>{row.number}</Table.Td>
                      <Table.Td>{f.dateTime(row.paidAt)}</Table.Td>
                      <Table.Td>{f.money(row.totalCents)}</Table.Td>
                      <Table.Td>
                        {[row.utmSource, row.hasFbclid ? t('facebook.clickId') : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </Table.Td>
                      <Table.Td>{row.utmCampaign ?? '–'}</Table.Td>
                      <Table.Td>{row.campaignName ?? t('facebook.noCampaign')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          {data.orders > data.rows.length ? (
            <Text size="sm" c="gray.7">
              {t('facebook.ordersShown', {
                shown: f.count(facebookAdOrdersShown),
                total: f.count(data.orders),
              })}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
};
