import { pageQuerySchema, sortQuerySchema } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { defineList } from './define-list';
import { footerCells } from './list-footer';

type Row = { id: string; name: string; amountCents: number; count: number };
type Answer = {
  items: Row[];
  page: number;
  pageSize: number;
  total: number;
  totals: Omit<Row, 'id' | 'name'>;
};

const answer: Answer = {
  items: [{ id: 'a', name: 'Alpha', amountCents: 1050, count: 2 }],
  page: 1,
  pageSize: 25,
  total: 7,
  totals: { amountCents: 123456, count: 9 },
};

const list = defineList({
  id: 'report',
  query: pageQuerySchema({ defaultSize: 25, maxSize: 100 }).extend({
    sort: sortQuerySchema(['name']).default('name'),
  }),
  fetch: async () => answer,
  labels: 'admin:report',
  rowId: (row) => row.id,
  columns: (col) => [col.text('name', { sortable: true }), col.money('amountCents'), col.number('count')],
  // The answer's own type reaches the footer: `totals` is no field of Paged<Row>.
  footer: { label: 'admin:report.total', values: (page) => page.totals },
});

const context = { locale: 'en' as const, t: (key: string) => `t(${key})` };

describe('list footer', () => {
  it("formats the whole answer's values with the rows' columns and labels the first empty column", () => {
    const footer = list.footer;
    if (!footer) throw new Error('no footer');
    const cells = footerCells(footer, list.columns, answer, context);
    expect(cells).toEqual([
      { id: 'name', content: 't(admin:report.total)' },
      { id: 'amountCents', content: '€1,234.56', align: 'right' },
      { id: 'count', content: '9', align: 'right' },
    ]);
  });

  it('labels only the first empty column, follows the visible columns, and draws nothing without values', () => {
    const footer = list.footer;
    if (!footer) throw new Error('no footer');
    const [name, , count] = list.columns;
    if (!name || !count) throw new Error('columns');
    expect(footerCells(footer, [count, name], answer, context)?.map((c) => c.content)).toEqual([
      '9',
      't(admin:report.total)',
    ]);
    expect(footerCells({ label: 'x', values: () => ({}) }, [name, count], answer, context)).toEqual([
      { id: 'name', content: 't(x)' },
      { id: 'count', content: '' },
    ]);
    expect(footerCells({ label: 'x', values: () => undefined }, list.columns, answer, context)).toBeNull();
  });

  it("puts figures of the whole answer in the label's words (the count of every row, in the page's language)", () => {
    const counted = defineList({
      id: 'report',
      query: pageQuerySchema({ defaultSize: 25, maxSize: 100 }),
      fetch: async () => answer,
      labels: 'admin:report',
      rowId: (row) => row.id,
      columns: (col) => [col.text('name'), col.money('amountCents')],
      footer: {
        label: 'admin:report.totalOf',
        values: (page) => ({ amountCents: page.totals.amountCents }),
        labelValues: (page, { locale }) => ({ count: page.total * 1000, where: locale }),
      },
    });
    const t = (key: string, options?: Record<string, unknown>) => `t(${key}, ${JSON.stringify(options)})`;
    if (!counted.footer) throw new Error('no footer');
    expect(footerCells(counted.footer, counted.columns, answer, { locale: 'en', t })?.[0]?.content).toBe(
      't(admin:report.totalOf, {"count":7000,"where":"en"})',
    );
  });
});
