import type { PackageSalesRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Anchor, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { downloadCsv, usePackageStatistics } from '../api/get-package-statistics';
import { CsvButton, figureSeries, RangeBar, Totals, useFormats, useStatisticsRange } from './statistics-kit';

/** How many packages the chart draws; the table lists them all. */
const drawnPackages = 12;

/** `/statistic/global-packages`: sales and revenue per package, beside the previous period (ADR 0072). */
export const PackageStatisticsScreen = () => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin']);
  const state = useStatisticsRange();
  const answer = usePackageStatistics(state.range, state.problem === null);
  const formats = useFormats();
  const title = t('packages.chart');
  const query = `from=${state.range.from}&to=${state.range.to}`;
  return (
    <Stack gap="lg">
      <PageTitle>{t('admin:screens.statisticPackages')}</PageTitle>
      <RangeBar state={state} />
      {state.problem ? null : answer.isSuccess ? (
        <>
          <Totals totals={answer.data.totals} range={answer.data.range} />
          <Paper withBorder radius="md" p="md">
            <Chart<PackageSalesRow>
              title={title}
              kind="bar"
              rows={answer.data.rows}
              drawnRows={drawnPackages}
              category={{
                label: t('packages.package'),
                value: (row) => row.name ?? t('packages.none'),
                cell: (row) =>
                  row.slug ? (
                    <Anchor
                      component={Link}
                      to={`/statistic/global-packages/${encodeURIComponent(row.slug)}?${query}`}
                    >
                      {row.name}
                    </Anchor>
                  ) : (
                    t('packages.none')
                  ),
              }}
              rowKey={(row) => String(row.packageId)}
              series={figureSeries(formats, ['revenue'])}
              format={formats.money}
              total={{
                label: t('total'),
                row: { packageId: null, slug: null, name: null, type: null, ...answer.data.totals },
              }}
              actions={
                <CsvButton
                  title={title}
                  testId="statistics-csv"
                  onClick={() =>
                    void downloadCsv(
                      '/staff/statistics/packages.csv',
                      state.range,
                      `packages-${state.range.from}-${state.range.to}.csv`,
                    )
                  }
                />
              }
              data-testid="statistics-packages-chart"
            />
          </Paper>
        </>
      ) : (
        <LoadState query={answer} />
      )}
    </Stack>
  );
};
