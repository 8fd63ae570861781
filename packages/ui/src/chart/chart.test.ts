import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Chart, type ChartProps } from './chart';
import { chartPoints } from './chart-data';

type Day = { day: string; revenue: number; previous: number; orders: number };
const rows: Day[] = [
  { day: '1 Mar', revenue: 3000, previous: 4000, orders: 2 },
  { day: '2 Mar', revenue: 0, previous: 0, orders: 0 },
];
const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

const props: ChartProps<Day> = {
  title: 'Revenue',
  kind: 'line',
  rows,
  category: { label: 'Day', value: (r) => r.day },
  series: [
    { label: 'This period', value: (r) => r.revenue, color: 'orange' },
    { label: 'Previous period', value: (r) => r.previous, color: 'gray', dashed: true },
    { label: 'Orders', value: (r) => r.orders, color: 'blue', tableOnly: true, format: String },
  ],
  format: euro,
  total: { label: 'Total', row: { day: '', revenue: 3000, previous: 4000, orders: 2 } },
  'data-testid': 'revenue',
};

const render = (p: ChartProps<Day>) =>
  renderToStaticMarkup(createElement(MantineProvider, null, createElement(Chart<Day>, p)));

describe('chartPoints', () => {
  it('reads each drawn series of each row under its own key, beside the category', () => {
    expect(chartPoints(rows, (r) => r.day, props.series.slice(0, 2))).toEqual([
      { category: '1 Mar', s0: 3000, s1: 4000 },
      { category: '2 Mar', s0: 0, s1: 0 },
    ]);
  });
});

describe('Chart', () => {
  it('is a figure named by its title, its drawing hidden from assistive technology and never focusable', () => {
    const html = render(props);
    const titleId = /<h3[^>]*id="([^"]+)"[^>]*>Revenue<\/h3>/.exec(html)?.[1];
    expect(titleId).toBeTruthy();
    expect(html).toContain(`<figure aria-labelledby="${titleId}"`);
    expect(html).toMatch(/<div aria-hidden="true"[^>]*data-testid="revenue-drawing"/);
    expect(html).not.toContain('tabindex="0" role="application"');
  });

  it('shows every figure in a table under the chart, table-only columns and the total row included', () => {
    const html = render(props);
    const table = html.slice(html.indexOf('<table'));
    const headers = [...table.matchAll(/<th[^>]*scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['Day', 'This period', 'Previous period', 'Orders']);
    const cells = [...table.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(['€30.00', '€40.00', '2', '€0.00', '€0.00', '0', '€30.00', '€40.00', '2']);
    expect(table).toMatch(/<tfoot[^>]*><tr[^>]*><th[^>]*scope="row"[^>]*>Total<\/th>/);
  });

  it('draws bars as well, with the same table', () => {
    const html = render({ ...props, kind: 'bar', total: undefined });
    expect(html).not.toContain('<tfoot');
    expect([...html.matchAll(/<th[^>]*scope="row"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual([
      '1 Mar',
      '2 Mar',
    ]);
  });
});
