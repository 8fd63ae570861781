import type { FacebookAdsCampaigns, FacebookCampaignRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import {
  ReportScreen,
  ReportSection,
  useReportRange,
  useRowsLink,
} from '../../../components/report/report-screen';
import { getGuardRole, isAllowed } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useFacebookCampaigns } from '../api/facebook-ads';
import { CsvButton, column, metaColor, previousColor, SyncNote, useFigureFormats } from './facebook-kit';

/**
 * `/facebook/ads/campaigns` (ADR 0069): each campaign's spend and Meta's purchases beside our attributed revenue,
 * both ROAS and the gap; the orders that name no campaign last. Admins open a campaign's orders from here.
 */
export const FacebookCampaignsScreen = () => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  const range = useReportRange();
  const answer = useFacebookCampaigns(range.range, range.problem === null);
  return (
    <ReportScreen
      title={t('admin:screens.facebookCampaigns')}
      rules={t('facebook.rules')}
      range={range}
      rangeTestId="facebook-range"
    >
      {() => (answer.isSuccess ? <CampaignFigures data={answer.data} /> : <LoadState query={answer} />)}
    </ReportScreen>
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
  // Our orders and revenue of a campaign (and of all, on the total row) open its attributed orders (ADR 0076).
  const rowsLink = useRowsLink();
  const rowOrders = (row: FacebookCampaignRow, total: boolean) =>
    rowsLink(total ? `/facebook/ads/orders?from=${data.range.from}&to=${data.range.to}` : ordersOf(row));
  return (
    <Stack gap="xl" data-testid="facebook-campaigns">
      <SyncNote
        syncedAt={data.syncedAt}
        previousFrom={data.range.previousFrom}
        previousTo={data.range.previousTo}
      />
      <ReportSection>
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
            { ...column(fig('orders'), (r) => r.current.orders, f.count), href: rowOrders },
            {
              ...column(fig('revenueCents'), (r) => r.current.revenueCents, f.money, {
                drawn: true,
                color: 'teal.7',
              }),
              href: rowOrders,
            },
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
      </ReportSection>
      {mayOpenOrders && data.rows.length > 0 ? (
        <ReportSection>
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
        </ReportSection>
      ) : null}
    </Stack>
  );
};
