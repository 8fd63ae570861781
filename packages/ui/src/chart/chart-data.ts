/**
 * The chart kit's data side, apart from the drawing (chart.tsx): a chart and the table under it read the same
 * points, so what the eye sees and what a screen reader or a spreadsheet gets cannot differ.
 */

/** One line or bar group: its label, how a row's value is read, and how it is drawn. */
export type ChartSeries<Row> = {
  label: string;
  value: (row: Row) => number;
  /** A Mantine colour name or CSS colour. */
  color: string;
  /** Drawn dashed or lighter (a comparison, such as the previous period). */
  dashed?: boolean;
  /** The table's wording of a value, when it differs from the chart's (a count beside amounts). */
  format?: (value: number) => string;
  /** A column of the table that is not drawn. */
  tableOnly?: boolean;
  /**
   * The address of the rows behind a cell's figure (ADR 0076): the table's cell becomes a link to them. `total`
   * is true for the totals row. Null or undefined: the cell stays text (no rows of ours, or none to open).
   */
  href?: (row: Row, total: boolean) => string | null | undefined;
};

/** A point per row: the category's text and each series' value under `s0`, `s1`… (the drawing's data keys). */
export type ChartPoint = { category: string } & Record<`s${number}`, number>;

export const seriesKey = (index: number): `s${number}` => `s${index}`;

export const chartPoints = <Row>(
  rows: readonly Row[],
  category: (row: Row) => string,
  series: readonly ChartSeries<Row>[],
): ChartPoint[] =>
  rows.map((row) => {
    const point = { category: category(row) } as ChartPoint;
    series.forEach((s, i) => {
      point[seriesKey(i)] = s.value(row);
    });
    return point;
  });
