import type { PackagesByCountryCell } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { ScrollTable } from '@esim/ui/scroll-table';
import { Group, SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import {
  FigureLink,
  ReportCsvButton,
  ReportScreen,
  ReportSection,
  useReportRange,
} from '../../../components/report/report-screen';
import { downloadCsv, usePackagesByCountry } from '../api/get-package-statistics';
import { type Figures, figureSeries, metricValue, Totals, useFormats, useSalesRows } from './statistics-kit';

type Cell = PackagesByCountryCell;
const cellMetrics = ['revenue', 'orders'] as const;
type CellMetric = (typeof cellMetrics)[number];

const add = (a: Figures, b: Figures): Figures => {
  const sum = (x: Figures['current'], y: Figures['current']) => {
    const revenueCents = x.revenueCents + y.revenueCents;
    const orders = x.orders + y.orders;
    return { revenueCents, orders, averageOrderCents: orders === 0 ? 0 : Math.round(revenueCents / orders) };
  };
  return { current: sum(a.current, b.current), previous: sum(a.previous, b.previous) };
};
const none: Figures = {
  current: { revenueCents: 0, orders: 0, averageOrderCents: 0 },
  previous: { revenueCents: 0, orders: 0, averageOrderCents: 0 },
};
const destinationKey = (cell: Cell) => `${cell.destination.type}:${cell.destination.code ?? ''}`;

/** `/statistic/packages-bought-from-countries`: which destinations buyers from each country buy. */
export const PackagesByCountryScreen = () => {
  const { t } = useTranslation(['admin-statistics-packages', 'admin']);
  const state = useReportRange();
  const answer = usePackagesByCountry(state.range, state.problem === null);
  const formats = useFormats();
  const [metric, setMetric] = useState<CellMetric>('revenue');
  const matrixId = useId();
  const chartTitle = t('matrix.chart');
  const matrixTitle = t('matrix.title');
  const data = answer.data;
  const salesRows = useSalesRows(
    data?.range ?? { from: '', to: '', days: 0, bucket: 'day', previousFrom: '', previousTo: '' },
  );
  const screen = (content: ReactNode) => (
    <ReportScreen
      title={t('admin:screens.statisticPackagesByCountry')}
      rules={t('rules')}
      range={state}
      rangeTestId="statistics-range"
    >
      {() => content}
    </ReportScreen>
  );
  if (!answer.isSuccess || !data) return screen(<LoadState query={answer} />);
  // Buyer countries (rows) and destinations (columns), each by its revenue in the range, largest first.
  const byCountry = new Map<string, { country: string | null } & Figures>();
  const destinations = new Map<string, { key: string; cell: Cell; total: number }>();
  for (const cell of data.cells) {
    const key = String(cell.buyerCountry);
    byCountry.set(key, { country: cell.buyerCountry, ...add(byCountry.get(key) ?? none, cell) });
    const dk = destinationKey(cell);
    const known = destinations.get(dk);
    destinations.set(dk, { key: dk, cell, total: (known?.total ?? 0) + cell.current.revenueCents });
  }
  const countries = [...byCountry.values()].sort(
    (a, b) =>
      b.current.revenueCents - a.current.revenueCents || b.previous.revenueCents - a.previous.revenueCents,
  );
  const columns = [...destinations.values()].sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  const cellOf = new Map(data.cells.map((c) => [`${c.buyerCountry}|${destinationKey(c)}`, c]));
  const destinationName = (cell: Cell) =>
    cell.destination.type === 'none'
      ? t('matrix.none')
      : cell.destination.code === null
        ? t('matrix.global')
        : cell.destination.type === 'local'
          ? formats.country(cell.destination.code)
          : cell.destination.code;
  const value = (figures: Figures['current']) => metricValue[metric](figures);
  // A buyer country's sales open its orders; a cell (a country and a destination) has no filter of its own.
  const countryRows = (country: string | null, previous = false) =>
    country === null ? null : salesRows(previous, { country });
  return screen(
    <Stack gap="lg">
      <Totals totals={data.totals} range={data.range} />
      <ReportSection>
        <Chart<{ country: string | null } & Figures>
          title={chartTitle}
          kind="bar"
          rows={countries}
          category={{ label: t('matrix.buyerCountry'), value: (row) => formats.country(row.country) }}
          rowKey={(row) => String(row.country)}
          series={figureSeries(formats, ['revenue'], (row, previous, total) =>
            total ? salesRows(previous) : countryRows(row.country, previous),
          )}
          format={formats.money}
          total={{ label: t('total'), row: { country: null, ...data.totals } }}
          actions={
            <ReportCsvButton
              title={matrixTitle}
              testId="statistics-csv"
              onClick={() =>
                void downloadCsv(
                  '/staff/statistics/packages-by-country.csv',
                  state.range,
                  `packages-by-country-${state.range.from}-${state.range.to}.csv`,
                )
              }
            />
          }
          data-testid="statistics-countries-chart"
        />
      </ReportSection>
      <ReportSection>
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h4" id={matrixId}>
            {matrixTitle}
          </Title>
          <SegmentedControl
            aria-label={t('matrix.show')}
            value={metric}
            onChange={(next) => setMetric(next as CellMetric)}
            data={cellMetrics.map((m) => ({ value: m, label: t(`figures.${m}`) }))}
          />
        </Group>
        <ScrollTable label={matrixTitle} minWidth={160 + columns.length * 110}>
          <Table striped withTableBorder aria-labelledby={matrixId} data-testid="statistics-matrix">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('matrix.buyerCountry')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c.key} scope="col" ta="end">
                    {destinationName(c.cell)}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="end">
                  {t('total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {countries.map((row) => (
                <Table.Tr key={String(row.country)}>
                  <Table.Th scope="row" fw="normal">
                    {formats.country(row.country)}
                  </Table.Th>
                  {columns.map((c) => {
                    const cell = cellOf.get(`${row.country}|${c.key}`);
                    return (
                      <Table.Td key={c.key} ta="end">
                        {cell ? formats.formatOf(metric)(value(cell.current)) : '–'}
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="end" fw={700}>
                    <FigureLink href={countryRows(row.country)}>
                      {formats.formatOf(metric)(value(row.current))}
                    </FigureLink>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </ReportSection>
    </Stack>,
  );
};
