import type { FacebookAdsCampaigns, FacebookCampaignRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Anchor, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { getGuardRole, isAllowed } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useFacebookCampaigns } from '../api/facebook-ads';
import {
  CsvButton,
  column,
  FacebookRangePicker,
  metaColor,
  previousColor,
  SyncNote,
  useFacebookRange,
  useFigureFormats,
} from './facebook-kit';

/**
 * `/facebook/ads/campaigns` (ADR 0069): each campaign's spend and Meta's purchases beside our attributed revenue,
 * both ROAS and the gap; the orders that name no campaign last. Admins open a campaign's orders from here.
 */
export const FacebookCampaignsScreen = () => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  const range = useFacebookRange();
  const answer = useFacebookCampaigns(range.range, range.problem === null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('admin:screens.facebookCampaigns')}</PageTitle>
      <FacebookRangePicker range={range} />
      <Text size="sm" c="gray.7">
        {t('facebook.rules')}
      </Text>
      {range.problem ? null : answer.isSuccess ? (
        <CampaignFigures data={answer.data} />
      ) : (
        <LoadState query={answer} />
      )}
    </Stack>
  );
};

const CampaignFigures = ({ data }: { data: FacebookAdsCampaigns }) => {
  const { t } = useTranslation('admin-facebook');
  const f = useFigureFormats();
  const { user } = useSession();
  // The attributed orders' screen is for admin and analytics (SPEC section 6); editors see the figures only.
  const mayOpenOrders = isAllowed('adminAndAnalytics', getGuardRole(user));
  const name = (row: FacebookCampaignRow) => row.name ?? t('facebook.noCampaign');
  const title = t('facebook.charts.campaigns');
  const fig = (key: keyof FacebookCampaignRow['current']) => t(`facebook.figures.${key}`);
  const ordersOf = (row: FacebookCampaignRow) =>
    `/facebook/ads/orders?from=${data.range.from}&to=${data.range.to}&campaignId=${row.campaignId ?? 'none'}`;
  return (
    <Stack gap="xl" data-testid="facebook-campaigns">
      <SyncNote
        syncedAt={data.syncedAt}
        previousFrom={data.range.previousFrom}
        previousTo={data.range.previousTo}
      />
      <Paper withBorder radius="md" p="md">
        <Chart<FacebookCampaignRow>
          title={title}
          kind="bar"
          rows={data.rows}
          category={{ label: t('facebook.columns.campaign'), value: name }}
          rowKey={(row) => row.campaignId ?? '~none'}
          series={[
            column(fig('spendCents'), (r) => r.current.spendCents, f.money, { drawn: true }),
            column(
              t('facebook.previousOf', { figure: fig('spendCents') }),
              (r) => r.previous.spendCents,
              f.money,
              {
                color: previousColor,
                dashed: true,
              },
            ),
            column(fig('impressions'), (r) => r.current.impressions, f.count),
            column(fig('clicks'), (r) => r.current.clicks, f.count),
            column(fig('cpcCents'), (r) => r.current.cpcCents, f.money),
            column(fig('ctr'), (r) => r.current.ctr, f.percent),
            column(fig('metaPurchases'), (r) => r.current.metaPurchases, f.count),
            column(fig('metaPurchaseValueCents'), (r) => r.current.metaPurchaseValueCents, f.money, {
              drawn: true,
              color: metaColor,
            }),
            column(fig('orders'), (r) => r.current.orders, f.count),
            column(fig('revenueCents'), (r) => r.current.revenueCents, f.money, {
              drawn: true,
              color: 'teal.7',
            }),
            column(
              t('facebook.previousOf', { figure: fig('revenueCents') }),
              (r) => r.previous.revenueCents,
              f.money,
              {
                color: previousColor,
                dashed: true,
              },
            ),
            column(fig('metaRoas'), (r) => r.current.metaRoas, f.ratio),
            column(fig('roas'), (r) => r.current.roas, f.ratio),
            column(fig('revenueGapCents'), (r) => r.current.revenueGapCents, f.money),
          ]}
          format={f.money}
          total={{
            label: t('facebook.total'),
            row: { campaignId: null, externalId: null, name: null, status: null, ...data.totals },
          }}
          actions={<CsvButton screen="campaigns" query={data.range} title={title} />}
          data-testid="facebook-chart-campaigns"
        />
      </Paper>
      {mayOpenOrders && data.rows.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="xs">
            {t('facebook.campaignOrders')}
          </Text>
          <List spacing="xs">
            {data.rows.map((row) => (
              <List.Item key={row.campaignId ?? '~none'}>
                <Anchor
                  component={Link}
                  to={ordersOf(row)}
                  c="accent.7"
                  data-testid="facebook-campaign-orders"
                >
                  {t('facebook.ordersOf', {
                    name: name(row),
                    orders: f.count(row.current.orders),
                    revenue: f.money(row.current.revenueCents),
                  })}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
};
