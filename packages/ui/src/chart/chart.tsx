import { Anchor, Group, Table, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ScrollTable } from '../scroll-table';
import { type ChartSeries, chartPoints, seriesKey } from './chart-data';

export type { ChartSeries } from './chart-data';

export type ChartProps<Row> = {
  /** The figure's heading; it names the chart and its table. */
  title: string;
  kind: 'line' | 'bar';
  rows: readonly Row[];
  /**
   * The x axis (line) or the groups (bar), and the table's first column; `cell` draws that column's cell instead
   * of the text (a link to the row's own page).
   */
  category: { label: string; value: (row: Row) => string; cell?: (row: Row) => ReactNode };
  series: readonly ChartSeries<Row>[];
  format: (value: number) => string;
  /** A row's React key when categories may repeat (two packages of one name); the category by default. */
  rowKey?: (row: Row) => string;
  /** A last table row (the period's totals, which need not be the sum of the column, e.g. an average). */
  total?: { label: string; row: Row };
  /** Draw only the first rows (a long ranked list); the table always has every row. */
  drawnRows?: number;
  /** Controls beside the title, e.g. the table's CSV download. */
  actions?: ReactNode;
  height?: number;
  'data-testid'?: string;
};

const cssColor = (color: string) =>
  /^(#|rgb|hsl|var\()/.test(color) ? color : `var(--mantine-color-${color}-filled)`;

/**
 * A line or bar chart with its figures in a table under it. The drawing is hidden from assistive technology
 * and has no focus stop: the table, named by the same title, is its text alternative, and it is always shown
 * (on a phone and in a printout it is the readable part).
 */
export const Chart = <Row,>({
  title,
  kind,
  rows,
  category,
  series,
  format,
  total,
  rowKey = category.value,
  drawnRows,
  actions,
  height = 260,
  'data-testid': testId,
}: ChartProps<Row>) => {
  const titleId = useId();
  const drawn = series.filter((s) => !s.tableOnly);
  const points = chartPoints(
    drawnRows === undefined ? rows : rows.slice(0, drawnRows),
    category.value,
    drawn,
  );
  const cellText = (s: ChartSeries<Row>, row: Row) => (s.format ?? format)(s.value(row));
  const cell = (s: ChartSeries<Row>, row: Row, isTotal: boolean) => {
    const href = s.href?.(row, isTotal);
    return href ? (
      <Anchor component={Link} to={href} c="accent.7">
        {cellText(s, row)}
      </Anchor>
    ) : (
      cellText(s, row)
    );
  };
  const axisTick = { fontSize: 12, fill: 'var(--mantine-color-dimmed)' };
  const common = {
    data: points,
    accessibilityLayer: false,
    margin: { top: 8, right: 8, bottom: 8, left: 8 },
  };
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="category" tick={axisTick} minTickGap={16} />,
    <YAxis key="y" tick={axisTick} tickFormatter={format} width={80} />,
    <Tooltip key="tooltip" formatter={(value) => format(Number(value))} />,
    <Legend key="legend" />,
  ];
  return (
    <figure aria-labelledby={titleId} style={{ margin: 0 }} data-testid={testId}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        {actions}
      </Group>
      <div aria-hidden="true" style={{ width: '100%', height }} data-testid={testId && `${testId}-drawing`}>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'line' ? (
            <LineChart {...common}>
              {axes}
              {drawn.map((s, i) => (
                <Line
                  key={s.label}
                  type="monotone"
                  dataKey={seriesKey(i)}
                  name={s.label}
                  stroke={cssColor(s.color)}
                  strokeWidth={2}
                  strokeDasharray={s.dashed ? '5 4' : undefined}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart {...common}>
              {axes}
              {drawn.map((s, i) => (
                <Bar
                  key={s.label}
                  dataKey={seriesKey(i)}
                  name={s.label}
                  fill={cssColor(s.color)}
                  fillOpacity={s.dashed ? 0.45 : 1}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <ScrollTable label={title} minWidth={120 + series.length * 130}>
        <Table striped withTableBorder mt="sm" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{category.label}</Table.Th>
              {series.map((s) => (
                <Table.Th key={s.label} scope="col" ta="end">
                  {s.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                <Table.Th scope="row" fw="normal">
                  {category.cell ? category.cell(row) : category.value(row)}
                </Table.Th>
                {series.map((s) => (
                  <Table.Td key={s.label} ta="end">
                    {cell(s, row, false)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {total ? (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{total.label}</Table.Th>
                {series.map((s) => (
                  <Table.Td key={s.label} ta="end" fw={700}>
                    {cell(s, total.row, true)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </ScrollTable>
    </figure>
  );
};
