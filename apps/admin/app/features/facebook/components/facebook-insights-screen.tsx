import type { FacebookAdInsightRow, FacebookAdsInsights } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { ReportScreen, ReportSection, useReportRange } from '../../../components/report/report-screen';
import { useFacebookInsights } from '../api/facebook-ads';
import { CsvButton, column, metaColor, previousColor, SyncNote, useFigureFormats } from './facebook-kit';

/** `/facebook/ads/insights` (ADR 0069): Meta's figures per ad, largest spend first, beside the previous period. */
export const FacebookInsightsScreen = () => {
  const { t } = useTranslation(['admin-facebook', 'admin']);
  const range = useReportRange();
  const answer = useFacebookInsights(range.range, range.problem === null);
  return (
    <ReportScreen
      title={t('admin:screens.facebookInsights')}
      rules={t('facebook.insightsRules')}
      range={range}
      rangeTestId="facebook-range"
    >
      {() => (answer.isSuccess ? <InsightFigures data={answer.data} /> : <LoadState query={answer} />)}
    </ReportScreen>
  );
};

const InsightFigures = ({ data }: { data: FacebookAdsInsights }) => {
  const { t } = useTranslation('admin-facebook');
  const f = useFigureFormats();
  const title = t('facebook.charts.ads');
  const fig = (key: keyof FacebookAdInsightRow['current']) => t(`facebook.figures.${key}`);
  return (
    <Stack gap="xl" data-testid="facebook-insights">
      <SyncNote
        syncedAt={data.syncedAt}
        previousFrom={data.range.previousFrom}
        previousTo={data.range.previousTo}
      />
      <ReportSection>
        <Chart<FacebookAdInsightRow>
          title={title}
          kind="bar"
          rows={data.rows}
          category={{
            label: t('facebook.columns.ad'),
            value: (row) =>
              t('facebook.adName', { ad: row.name, adSet: row.adSetName, campaign: row.campaignName }),
          }}
          rowKey={(row) => row.adId}
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
            column(fig('metaRoas'), (r) => r.current.metaRoas, f.ratio),
          ]}
          format={f.money}
          total={{
            label: t('facebook.total'),
            row: { adId: '', externalId: '', name: '', adSetName: '', campaignName: '', ...data.totals },
          }}
          actions={<CsvButton screen="insights" query={data.range} title={title} />}
          data-testid="facebook-chart-insights"
        />
      </ReportSection>
    </Stack>
  );
};
