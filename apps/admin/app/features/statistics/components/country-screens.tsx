import type { CustomersByCountryRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { registeredClientsHref } from '../../../components/report/report-range';
import {
  ReportScreen,
  ReportSection,
  ReportTile,
  useReportFormats,
  useRowsLink,
} from '../../../components/report/report-screen';
import { useCustomersByCountry, useVisitorCountries } from '../api/statistics-api';
import { PeriodNote, StatisticsCsv, TrafficRows, TrafficTiles } from './traffic-charts';

/** `/statistic/countries`: visits, sessions, orders, conversion and revenue per visitor country. */
export const CountriesScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  return (
    <ReportScreen
      title={t('admin:screens.statisticCountries')}
      rules={t('statistics.rules.countries')}
      rangeTestId="statistics-range"
    >
      {(range) => <CountriesCharts range={range} />}
    </ReportScreen>
  );
};

const CountriesCharts = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const formats = useReportFormats();
  const answer = useVisitorCountries(range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const title = t('statistics.charts.countries');
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} refreshedAt={data.refreshedAt} />
      <TrafficTiles totals={data.totals} range={data.range} />
      <ReportSection>
        <TrafficRows
          title={title}
          column={t('statistics.columns.country')}
          rows={data.countries}
          name={(row) => formats.country(row.key ?? '')}
          totals={data.totals}
          range={data.range}
          // Orders and revenue are by the buyer's country: the orders list's country filter.
          rowFilters={(country) => ({ country })}
          metric="visits"
          actions={<StatisticsCsv csvPath="countries.csv" query={range} table="countries" title={title} />}
          testId="statistics-chart-countries"
        />
      </ReportSection>
    </Stack>
  );
};

/** `/statistic/users-by-country`: customers registered per country, beside the period before, with growth. */
export const UsersByCountryScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  return (
    <ReportScreen
      title={t('admin:screens.statisticUsersByCountry')}
      rules={t('statistics.rules.users')}
      rangeTestId="statistics-range"
    >
      {(range) => <UsersCharts range={range} />}
    </ReportScreen>
  );
};

type Period = { from: string; to: string };

const UsersCharts = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const { count, percent, country } = useReportFormats();
  const rowsLink = useRowsLink();
  const answer = useCustomersByCountry(range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const title = t('statistics.charts.users');
  const current = 'var(--mantine-color-accent-7)';
  const previous = 'var(--mantine-color-gray-6)';
  const now: Period = { from: data.range.from, to: data.range.to };
  const before: Period = { from: data.range.previousFrom, to: data.range.previousTo };
  // The customers behind a figure: of the row's country (all of them on the total row; none to tell apart for
  // "not recorded"), registered in the period or (`upTo`) at any time up to its last day.
  const clients =
    (period: Period, upTo = false) =>
    (row: CustomersByCountryRow, total: boolean) =>
      total || row.key !== null
        ? rowsLink(registeredClientsHref(period, total ? null : row.key, upTo))
        : null;
  const totalsRow = {
    key: null,
    current: data.totals.current,
    previous: data.totals.previous,
    growthRate: data.totals.growthRate,
  };
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ReportTile
          label={t('statistics.users.registered')}
          value={count(data.totals.current.registered)}
          previous={count(data.totals.previous.registered)}
          href={clients(now)(totalsRow, true)}
          testId="statistics-total-registered"
        />
        <ReportTile
          label={t('statistics.users.total')}
          value={count(data.totals.current.total)}
          previous={count(data.totals.previous.total)}
          change={{ current: data.totals.current.total, previous: data.totals.previous.total }}
          href={clients(now, true)(totalsRow, true)}
          testId="statistics-total-total"
        />
        <ReportTile
          label={t('statistics.users.growth')}
          value={percent(data.totals.growthRate)}
          testId="statistics-total-growth"
        />
      </SimpleGrid>
      <ReportSection>
        <Chart<CustomersByCountryRow>
          title={title}
          kind="bar"
          rows={data.countries}
          category={{
            label: t('statistics.columns.country'),
            value: (row) => (row.key === null ? t('statistics.none') : country(row.key)),
          }}
          rowKey={(row) => String(row.key)}
          series={[
            {
              label: t('statistics.users.registered'),
              value: (r) => r.current.registered,
              color: current,
              format: count,
              href: clients(now),
            },
            {
              label: t('statistics.previousOf', { figure: t('statistics.users.registered') }),
              value: (r) => r.previous.registered,
              color: previous,
              dashed: true,
              format: count,
              href: clients(before),
            },
            {
              label: t('statistics.users.total'),
              value: (r) => r.current.total,
              color: current,
              format: count,
              tableOnly: true,
              href: clients(now, true),
            },
            {
              label: t('statistics.users.growth'),
              value: (r) => r.growthRate ?? Number.NaN,
              color: current,
              format: percent,
              tableOnly: true,
            },
          ]}
          format={count}
          total={{ label: t('statistics.total'), row: totalsRow }}
          actions={
            <StatisticsCsv csvPath="users-by-country.csv" query={range} table="countries" title={title} />
          }
          data-testid="statistics-chart-users"
        />
      </ReportSection>
    </Stack>
  );
};
