import type { PackageSalesRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import {
  ReportCsvButton,
  ReportScreen,
  ReportSection,
  useReportRange,
} from '../../../components/report/report-screen';
import { downloadCsv, usePackageStatistics } from '../api/get-package-statistics';
import { figureSeries, Totals, useFormats, useSalesRows } from './statistics-kit';

/** How many packages the chart draws; the table lists them all. */
const drawnPackages = 12;

/** `/statistic/global-packages`: sales and revenue per package, beside the previous period (ADR 0072). */
export const PackageStatisticsScreen = () => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin']);
  const state = useReportRange();
  const answer = usePackageStatistics(state.range, state.problem === null);
  const formats = useFormats();
  const title = t('packages.chart');
  const query = `from=${state.range.from}&to=${state.range.to}`;
  const data = answer.data;
  const salesRows = useSalesRows(
    data?.range ?? { ...state.range, days: 0, bucket: 'day', previousFrom: '', previousTo: '' },
  );
  return (
    <ReportScreen
      title={t('admin:screens.statisticPackages')}
      rules={t('rules')}
      range={state}
      rangeTestId="statistics-range"
    >
      {() =>
        answer.isSuccess && data ? (
          <Stack gap="lg">
            <Totals totals={data.totals} range={data.range} />
            <ReportSection>
              <Chart<PackageSalesRow>
                title={title}
                kind="bar"
                rows={data.rows}
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
                series={figureSeries(formats, ['revenue'], (row, previous, total) =>
                  total || row.packageId
                    ? salesRows(previous, total ? {} : { package: row.packageId })
                    : null,
                )}
                format={formats.money}
                total={{
                  label: t('total'),
                  row: { packageId: null, slug: null, name: null, type: null, ...data.totals },
                }}
                actions={
                  <ReportCsvButton
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
            </ReportSection>
          </Stack>
        ) : (
          <LoadState query={answer} />
        )
      }
    </ReportScreen>
  );
};
