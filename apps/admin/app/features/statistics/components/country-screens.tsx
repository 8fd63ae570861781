import { localeTags } from '@esim/contracts/locales';
import type { CustomersByCountryRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { useLocale } from '@esim/ui/use-locale';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { useCustomersByCountry, useVisitorCountries } from '../api/statistics-api';
import { ChartCard, CsvButton, PeriodNote, StatisticsFrame } from './statistics-frame';
import { TrafficRows, TrafficTiles, useTrafficFormats } from './traffic-charts';

const countryName = (code: string, locale: ReturnType<typeof useLocale>) => {
  try {
    return new Intl.DisplayNames([localeTags[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/** `/statistic/countries`: visits, sessions, orders, conversion and revenue per visitor country. */
export const CountriesScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  return (
    <StatisticsFrame title={t('admin:screens.statisticCountries')} rules={t('statistics.rules.countries')}>
      {(range) => <CountriesCharts range={range} />}
    </StatisticsFrame>
  );
};

const CountriesCharts = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const locale = useLocale();
  const answer = useVisitorCountries(range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const title = t('statistics.charts.countries');
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} refreshedAt={data.refreshedAt} />
      <TrafficTiles totals={data.totals} />
      <ChartCard>
        <TrafficRows
          title={title}
          column={t('statistics.columns.country')}
          rows={data.countries}
          name={(row) => countryName(row.key ?? '', locale)}
          totals={data.totals}
          metric="visits"
          actions={<CsvButton csvPath="countries.csv" query={range} table="countries" title={title} />}
          testId="statistics-chart-countries"
        />
      </ChartCard>
    </Stack>
  );
};

/** `/statistic/users-by-country`: customers registered per country, beside the period before, with growth. */
export const UsersByCountryScreen = () => {
  const { t } = useTranslation(['admin-statistics', 'admin']);
  return (
    <StatisticsFrame title={t('admin:screens.statisticUsersByCountry')} rules={t('statistics.rules.users')}>
      {(range) => <UsersCharts range={range} />}
    </StatisticsFrame>
  );
};

const UsersCharts = ({ range }: { range: { from: string; to: string } }) => {
  const { t } = useTranslation('admin-statistics');
  const locale = useLocale();
  const { count, percent } = useTrafficFormats();
  const answer = useCustomersByCountry(range, true);
  if (!answer.isSuccess) return <LoadState query={answer} />;
  const data = answer.data;
  const title = t('statistics.charts.users');
  const current = 'var(--mantine-color-accent-7)';
  const previous = 'var(--mantine-color-gray-6)';
  const tiles = [
    ['registered', count(data.totals.current.registered), count(data.totals.previous.registered)],
    ['total', count(data.totals.current.total), count(data.totals.previous.total)],
    ['growth', percent(data.totals.growthRate ?? Number.NaN), null],
  ] as const;
  return (
    <Stack gap="xl" data-testid="statistics-charts">
      <PeriodNote range={data.range} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {tiles.map(([key, value, before]) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`statistics-total-${key}`}>
            <Text size="sm" c="gray.7">
              {t(`statistics.users.${key}`)}
            </Text>
            <Text size="xl" fw={700}>
              {value}
            </Text>
            {before === null ? null : (
              <Text size="sm" c="gray.7">
                {t('statistics.previousValue', { value: before })}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <ChartCard>
        <Chart<CustomersByCountryRow>
          title={title}
          kind="bar"
          rows={data.countries}
          category={{
            label: t('statistics.columns.country'),
            value: (row) => (row.key === null ? t('statistics.none') : countryName(row.key, locale)),
          }}
          rowKey={(row) => String(row.key)}
          series={[
            {
              label: t('statistics.users.registered'),
              value: (r) => r.current.registered,
              color: current,
              format: count,
            },
            {
              label: t('statistics.previousOf', { figure: t('statistics.users.registered') }),
              value: (r) => r.previous.registered,
              color: previous,
              dashed: true,
              format: count,
            },
            {
              label: t('statistics.users.total'),
              value: (r) => r.current.total,
              color: current,
              format: count,
              tableOnly: true,
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
          total={{
            label: t('statistics.total'),
            row: {
              key: null,
              current: data.totals.current,
              previous: data.totals.previous,
              growthRate: data.totals.growthRate,
            },
          }}
          actions={<CsvButton csvPath="users-by-country.csv" query={range} table="countries" title={title} />}
          data-testid="statistics-chart-users"
        />
      </ChartCard>
    </Stack>
  );
};
