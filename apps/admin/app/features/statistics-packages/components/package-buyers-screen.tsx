import type { AnalyticsPoint, AnalyticsRow } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadState } from '../../../components/load-state';
import { bucketPeriods, salesOrdersHref } from '../../../components/report/report-range';
import {
  ReportCsvButton,
  ReportScreen,
  ReportSection,
  useReportRange,
  useRowsLink,
} from '../../../components/report/report-screen';
import { downloadCsv, usePackageBuyers } from '../api/get-package-statistics';
import { figureSeries, Totals, useFormats, useSalesRows } from './statistics-kit';

const noRange = { from: '', to: '', days: 0, bucket: 'day', previousFrom: '', previousTo: '' } as const;

/** `/statistic/global-packages/{displayName}`: one package's sales over time and by buyer country. */
export const PackageBuyersScreen = ({ slug }: { slug: string }) => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin']);
  const state = useReportRange();
  const answer = usePackageBuyers(slug, state.range, state.problem === null);
  const formats = useFormats();
  const rowsLink = useRowsLink();
  const query = `from=${state.range.from}&to=${state.range.to}`;
  const overTimeTitle = t('package.overTime');
  const byCountryTitle = t('package.byCountry');
  const data = answer.data;
  const salesRows = useSalesRows(data?.range ?? noRange);
  const pkg = data ? { package: data.package.id } : {};
  // Each bucket of the chart over time opens the package's orders of its days.
  const buckets = data
    ? {
        current: bucketPeriods(
          data.overTime.map((p) => p.start),
          data.range.to,
        ),
        previous: bucketPeriods(
          data.overTime.map((p) => p.previousStart),
          data.range.previousTo,
        ),
      }
    : { current: [], previous: [] };
  return (
    <ReportScreen
      title={
        data
          ? `${t('admin:screens.statisticPackage')}: ${data.package.name}`
          : t('admin:screens.statisticPackage')
      }
      rules={t('rules')}
      range={state}
      rangeTestId="statistics-range"
    >
      {() =>
        answer.isSuccess && data ? (
          <Stack gap="lg">
            <Text>
              <Anchor
                component={Link}
                to={`/statistic/global-packages/users/${data.package.id}/${encodeURIComponent(data.package.name)}?${query}`}
                data-testid="statistics-package-users-link"
              >
                {t('package.users')}
              </Anchor>
            </Text>
            <Totals totals={data.totals} range={data.range} filters={pkg} />
            <ReportSection>
              <Chart<AnalyticsPoint>
                title={overTimeTitle}
                kind="line"
                rows={data.overTime}
                category={{
                  label: t(`package.buckets.${data.range.bucket}`),
                  value: (p) => formats.date(p.start),
                }}
                series={figureSeries(formats, ['orders'], (point, previous, total) => {
                  if (total) return salesRows(previous, pkg);
                  const period = (previous ? buckets.previous : buckets.current)[
                    data.overTime.indexOf(point)
                  ];
                  return period ? rowsLink(salesOrdersHref(period, pkg)) : null;
                })}
                format={formats.count}
                total={{ label: t('total'), row: { ...data.totals, start: '', previousStart: '' } }}
                actions={
                  <ReportCsvButton
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
            </ReportSection>
            <ReportSection>
              <Chart<AnalyticsRow>
                title={byCountryTitle}
                kind="bar"
                rows={data.byCountry}
                category={{
                  label: t('package.country'),
                  value: (row) => (row.isOther ? t('other') : formats.country(row.key)),
                }}
                rowKey={(row) => (row.isOther ? '~other' : String(row.key))}
                series={figureSeries(formats, ['orders'], (row, previous, total) =>
                  total
                    ? salesRows(previous, pkg)
                    : row.isOther || row.key === null
                      ? null
                      : salesRows(previous, { ...pkg, country: row.key }),
                )}
                format={formats.count}
                total={{ label: t('total'), row: { ...data.totals, key: null, label: null, isOther: false } }}
                data-testid="statistics-package-countries"
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
