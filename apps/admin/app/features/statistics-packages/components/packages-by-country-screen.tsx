import type { PackagesByCountryCell } from '@esim/contracts/staff';
import { Chart } from '@esim/ui/chart/chart';
import { ScrollTable } from '@esim/ui/scroll-table';
import { Group, Paper, SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/load-state';
import { PageTitle } from '../../../components/page-title';
import { downloadCsv, usePackagesByCountry } from '../api/get-package-statistics';
import {
  CsvButton,
  type Figures,
  figureSeries,
  metricValue,
  RangeBar,
  Totals,
  useFormats,
  useStatisticsRange,
} from './statistics-kit';

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
  const state = useStatisticsRange();
  const answer = usePackagesByCountry(state.range, state.problem === null);
  const formats = useFormats();
  const [metric, setMetric] = useState<CellMetric>('revenue');
  const matrixId = useId();
  const chartTitle = t('matrix.chart');
  const matrixTitle = t('matrix.title');
  if (state.problem || !answer.isSuccess)
    return (
      <Stack gap="lg">
        <PageTitle>{t('admin:screens.statisticPackagesByCountry')}</PageTitle>
        <RangeBar state={state} />
        {state.problem ? null : <LoadState query={answer} />}
      </Stack>
    );
  const data = answer.data;
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
  return (
    <Stack gap="lg">
      <PageTitle>{t('admin:screens.statisticPackagesByCountry')}</PageTitle>
      <RangeBar state={state} />
      <Totals totals={data.totals} range={data.range} />
      <Paper withBorder radius="md" p="md">
        <Chart<{ country: string | null } & Figures>
          title={chartTitle}
          kind="bar"
          rows={countries}
          category={{ label: t('matrix.buyerCountry'), value: (row) => formats.country(row.country) }}
          rowKey={(row) => String(row.country)}
          series={figureSeries(formats, ['revenue'])}
          format={formats.money}
          total={{ label: t('total'), row: { country: null, ...data.totals } }}
          actions={
            <CsvButton
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
      </Paper>
      <Paper withBorder radius="md" p="md">
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
                    {formats.formatOf(metric)(value(row.current))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  );
};
