import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { ReportScreen, ReportSection } from '../../../components/report/report-screen';
import { useTrafficOverview, useTrafficSource, useTrafficSources } from '../api/statistics-api';
import { SourceLinks } from './source-links';
import { PeriodNote, StatisticsCsv, TrafficOverTime, TrafficRows, TrafficTiles } from './traffic-charts';

/** `/statistic/traffic`: visits, sessions, orders and revenue over time and the largest sources. */
export const TrafficScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  return (
    <ReportScreen
      title={t('admin:screens.statisticTraffic')}
      rules={t('statistics.rules.traffic')}
      rangeTestId="statistics-range"
    >
      {(range) => <TrafficOverviewCharts range={range} />}
    </ReportScreen>
  );
};

const TrafficOverviewCharts = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const { search } = useLocation();
  const answer = useTrafficOverview(range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const sourcesTitle = t('statistics.charts.sources');
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} refreshedAt={data.refreshedAt} />
      <TrafficTiles totals={data.totals} range={data.range} />
      <ReportSection>
        <TrafficOverTime
          points={data.overTime}
          range={data.range}
          bucket={data.range.bucket}
          totals={data.totals}
          actions={
            <StatisticsCsv
              csvPath="traffic.csv"
              query={range}
              table="overTime"
              title={t('statistics.charts.overTime')}
            />
          }
        />
      </ReportSection>
      <ReportSection>
        <TrafficRows
          title={sourcesTitle}
          column={t('statistics.columns.source')}
          rows={data.bySource}
          name={(row) => row.key ?? ''}
          totals={data.totals}
          range={data.range}
          rowFilters={(source) => ({ source })}
          actions={<StatisticsCsv csvPath="traffic.csv" query={range} table="sources" title={sourcesTitle} />}
          testId="statistics-chart-sources"
        />
        <SourceLinks rows={data.bySource} search={search} />
      </ReportSection>
    </Stack>
  );
};

/** `/statistic/traffic/sources`: every source. */
export const TrafficSourcesScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  return (
    <ReportScreen
      title={t('admin:screens.statisticTrafficSources')}
      rules={t('statistics.rules.traffic')}
      rangeTestId="statistics-range"
    >
      {(range) => <SourcesCharts range={range} />}
    </ReportScreen>
  );
};

const SourcesCharts = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const { search } = useLocation();
  const answer = useTrafficSources(range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const title = t('statistics.charts.sources');
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} refreshedAt={data.refreshedAt} />
      <TrafficTiles totals={data.totals} range={data.range} />
      <ReportSection>
        <TrafficRows
          title={title}
          column={t('statistics.columns.source')}
          rows={data.sources}
          name={(row) => row.key ?? ''}
          totals={data.totals}
          range={data.range}
          rowFilters={(source) => ({ source })}
          metric="orders"
          actions={
            <StatisticsCsv csvPath="traffic/sources.csv" query={range} table="sources" title={title} />
          }
          testId="statistics-chart-sources"
        />
        <SourceLinks rows={data.sources} search={search} />
      </ReportSection>
    </Stack>
  );
};

/** `/statistic/traffic/source/:sourceName`: one source over time, its campaigns and landing pages. */
export const TrafficSourceScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  const source = useParams().sourceName ?? '';
  return (
    <ReportScreen
      title={`${t('admin:screens.statisticTrafficSource')}: ${source}`}
      rules={t('statistics.rules.traffic')}
      rangeTestId="statistics-range"
    >
      {(range) => <SourceCharts source={source} range={range} />}
    </ReportScreen>
  );
};

const SourceCharts = ({ source, range }: { source: string; range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const answer = useTrafficSource(source, range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const csvPath = `traffic/sources/${encodeURIComponent(source)}/table.csv`;
  const campaignsTitle = t('statistics.charts.campaigns');
  const landingTitle = t('statistics.charts.landingPages');
  // Every figure of this screen is of the source's orders.
  const filters = { source: data.source };
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} refreshedAt={data.refreshedAt} />
      <TrafficTiles totals={data.totals} range={data.range} filters={filters} />
      <ReportSection>
        <TrafficOverTime
          points={data.overTime}
          range={data.range}
          bucket={data.range.bucket}
          totals={data.totals}
          filters={filters}
          actions={
            <StatisticsCsv
              csvPath={csvPath}
              query={range}
              table="overTime"
              title={t('statistics.charts.overTime')}
            />
          }
        />
      </ReportSection>
      <ReportSection>
        <TrafficRows
          title={campaignsTitle}
          column={t('statistics.columns.campaign')}
          rows={data.campaigns}
          name={(row) => row.key ?? ''}
          totals={data.totals}
          range={data.range}
          filters={filters}
          rowFilters={(sourceCampaign) => ({ sourceCampaign })}
          metric="orders"
          actions={<StatisticsCsv csvPath={csvPath} query={range} table="campaigns" title={campaignsTitle} />}
          testId="statistics-chart-campaigns"
        />
      </ReportSection>
      <ReportSection>
        <TrafficRows
          title={landingTitle}
          column={t('statistics.columns.landingPage')}
          rows={data.landingPages}
          name={(row) => row.key ?? ''}
          totals={data.totals}
          range={data.range}
          filters={filters}
          rowFilters={(landingPage) => ({ landingPage })}
          metric="orders"
          actions={
            <StatisticsCsv csvPath={csvPath} query={range} table="landingPages" title={landingTitle} />
          }
          testId="statistics-chart-landingPages"
        />
      </ReportSection>
    </Stack>
  );
};
