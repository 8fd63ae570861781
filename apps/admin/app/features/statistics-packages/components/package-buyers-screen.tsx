import type { AnalyticsPoint, AnalyticsRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { downloadCsv, usePackageBuyers } from '../api/get-package-statistics';
import { CsvButton, figureSeries, RangeBar, Totals, useFormats, useStatisticsRange } from './statistics-kit';

/** `/statistic/global-packages/{displayName}`: one package's sales over time and by buyer country. */
export const PackageBuyersScreen = ({ slug }: { slug: string }) => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin']);
  const state = useStatisticsRange();
  const answer = usePackageBuyers(slug, state.range, state.problem === null);
  const formats = useFormats();
  const query = `from=${state.range.from}&to=${state.range.to}`;
  const overTimeTitle = t('package.overTime');
  const byCountryTitle = t('package.byCountry');
  const data = answer.data;
  return (
    <Stack gap="lg">
      <PageTitle>
        {data
          ? `${t('admin:screens.statisticPackage')}: ${data.package.name}`
          : t('admin:screens.statisticPackage')}
      </PageTitle>
      <RangeBar state={state} />
      {state.problem ? null : answer.isSuccess && data ? (
        <>
          <Text>
            <Anchor
              component={Link}
              to={`/statistic/global-packages/users/${data.package.id}/${encodeURIComponent(data.package.name)}?${query}`}
              data-testid="statistics-package-users-link"
            >
              {t('package.users')}
            </Anchor>
          </Text>
          <Totals totals={data.totals} range={data.range} />
          <Paper withBorder radius="md" p="md">
            <Chart<AnalyticsPoint>
              title={overTimeTitle}
              kind="line"
              rows={data.overTime}
              category={{
                label: t(`package.buckets.${data.range.bucket}`),
                value: (p) => formats.date(p.start),
              }}
              series={figureSeries(formats, ['orders'])}
              format={formats.count}
              total={{ label: t('total'), row: { ...data.totals, start: '', previousStart: '' } }}
              actions={
                <CsvButton
                  title={overTimeTitle}
                  testId="statistics-csv"
                  onClick={() =>
                    void downloadCsv(
                      `/staff/statistics/packages/${encodeURIComponent(slug)}/buyers.csv`,
                      state.range,
                      `package-${slug}-${state.range.from}-${state.range.to}.csv`,
                    )
                  }
                />
              }
              data-testid="statistics-package-chart"
            />
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Chart<AnalyticsRow>
              title={byCountryTitle}
              kind="bar"
              rows={data.byCountry}
              category={{
                label: t('package.country'),
                value: (row) => (row.isOther ? t('other') : formats.country(row.key)),
              }}
              rowKey={(row) => (row.isOther ? '~other' : String(row.key))}
              series={figureSeries(formats, ['orders'])}
              format={formats.count}
              total={{ label: t('total'), row: { ...data.totals, key: null, label: null, isOther: false } }}
              data-testid="statistics-package-countries"
            />
          </Paper>
        </>
      ) : (
        <LoadState query={answer} />
      )}
    </Stack>
  );
};
