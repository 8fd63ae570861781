import { failedOrdersQuerySchema, pageQuerySchema, sortQuerySchema } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineStatuses } from '../status-list';
import {
  amountToCents,
  centsToAmount,
  columnsFor,
  defineList,
  filterParams,
  filtersFor,
} from './define-list';
import { changeListQuery, listParamProblems, readListQuery, writeListQuery } from './list-url-state';

type Order = { id: string; number: string; status: string; totalCents: number; paidAt: string | null };

const ordersQuerySchema = pageQuerySchema({ defaultSize: 25, maxSize: 100 }).extend({
  sort: sortQuerySchema(['paidAt', 'totalCents']).default('-paidAt'),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['paid', 'failed', 'for_review']).optional(),
  paidAtFrom: z.iso.date().optional(),
  paidAtTo: z.iso.date().optional(),
});

const ordersList = defineList({
  id: 'orders',
  query: ordersQuerySchema,
  fetch: async () => ({ items: [] as Order[], page: 1, pageSize: 25, total: 0 }),
  labels: 'admin:orders',
  rowId: (order) => order.id,
  columns: (col) => [
    col.link('number', (o) => `/orders/${o.id}`),
    col.status(
      'status',
      defineStatuses('admin:orderStatus', { paid: 'green', failed: 'red', for_review: 'brown' }),
    ),
    col.money('totalCents', { sortable: true }),
    col.date('paidAt', { sortable: true, hidden: true }),
  ],
  filters: (filter) => [
    filter.search('q'),
    filter.select('status', ['paid', 'failed', 'for_review']),
    filter.dateRange('paidAt'),
  ],
});

describe('list URL state', () => {
  it('reads the defaults from an empty URL', () => {
    expect(readListQuery(ordersList, new URLSearchParams())).toEqual({
      page: 1,
      pageSize: 25,
      sort: '-paidAt',
    });
  });

  it('round-trips every state parameter through the URL', () => {
    const params = new URLSearchParams(
      'page=3&pageSize=50&sort=totalCents&q=anna&status=failed&paidAtFrom=2026-01-01&paidAtTo=2026-01-31',
    );
    const query = readListQuery(ordersList, params);
    expect(query).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'totalCents',
      q: 'anna',
      status: 'failed',
      paidAtFrom: '2026-01-01',
      paidAtTo: '2026-01-31',
    });
    expect(Object.fromEntries(writeListQuery(ordersList, query))).toEqual(Object.fromEntries(params));
    expect(readListQuery(ordersList, writeListQuery(ordersList, query))).toEqual(query);
  });

  it('keeps defaults and unknown parameters out of the URL', () => {
    const query = readListQuery(ordersList, new URLSearchParams('page=1&sort=-paidAt&tab=x'));
    expect(writeListQuery(ordersList, query).toString()).toBe('');
  });

  it('drops values the contract refuses instead of failing the screen', () => {
    const query = readListQuery(
      ordersList,
      new URLSearchParams('page=abc&pageSize=1000&sort=-secret&status=paid'),
    );
    expect(query).toEqual({ page: 1, pageSize: 25, sort: '-paidAt', status: 'paid' });
  });

  it('lets a preset pin a filter: the URL cannot change it and never shows it', () => {
    const fixed = { status: 'for_review' as const };
    const query = readListQuery(ordersList, new URLSearchParams('status=paid&page=2'), fixed);
    expect(query).toMatchObject({ status: 'for_review', page: 2 });
    expect(writeListQuery(ordersList, query, fixed).toString()).toBe('page=2');
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const query = readListQuery(ordersList, new URLSearchParams('page=4'));
    expect(changeListQuery(query, { page: 5 }).page).toBe(5);
    expect(changeListQuery(query, { q: 'x' }).page).toBe(1);
    expect(changeListQuery(query, { sort: 'totalCents' }).page).toBe(1);
  });

  it('reads the failed-transactions contract the staff screen uses', () => {
    const failed = { query: failedOrdersQuerySchema, filters: [filtersFor<{ q?: string }>().search('q')] };
    expect(readListQuery(failed, new URLSearchParams('q=%20ord-1%20&sort=totalCents'))).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'totalCents',
      q: 'ord-1',
    });
  });
});

describe('list definitions', () => {
  it('names the query parameters of its filters', () => {
    expect(filterParams(ordersList.filters)).toEqual(['q', 'status', 'paidAtFrom', 'paidAtTo']);
  });

  it('keeps a parameter the screen draws itself in the URL state and saved views, like any filter', () => {
    const drawnAbove = defineList({
      ...ordersList,
      columns: () => ordersList.columns,
      filters: (filter) => [filter.byScreen('paidAtFrom'), filter.byScreen('paidAtTo'), filter.search('q')],
    });
    expect(drawnAbove.filters.slice(0, 2)).toEqual([
      { kind: 'screen', param: 'paidAtFrom' },
      { kind: 'screen', param: 'paidAtTo' },
    ]);
    const params = new URLSearchParams('page=2&paidAtFrom=2026-01-01&paidAtTo=2026-01-31&q=anna');
    const query = readListQuery(drawnAbove, params);
    expect(query).toMatchObject({ paidAtFrom: '2026-01-01', paidAtTo: '2026-01-31', q: 'anna', page: 2 });
    expect(writeListQuery(drawnAbove, query).toString()).toBe(params.toString());
    expect(listParamProblems(drawnAbove, params)).toEqual([]);
    // @ts-expect-error: only a parameter the contract takes.
    filtersFor<typeof ordersList extends { query: z.ZodType<infer Q> } ? Q : never>().byScreen('nope');
  });

  it('formats cells by kind in the page locale', () => {
    const order: Order = {
      id: 'o1',
      number: 'ORD-1',
      status: 'failed',
      totalCents: 499,
      paidAt: '2026-03-05T10:00:00Z',
    };
    const context = { locale: 'de' as const, t: (key: string) => `<${key}>` };
    const [number, status, total, paidAt] = ordersList.columns;
    expect(number?.cell(order, context)).toBe('ORD-1');
    expect(number?.href?.(order)).toBe('/orders/o1');
    expect(status?.cell(order, context)).toBe('<admin:orderStatus.failed>');
    expect(String(total?.cell(order, context)).replace(/\s/g, ' ')).toBe('4,99 €');
    expect(total?.align).toBe('right');
    expect(paidAt?.hidden).toBe(true);
    expect(String(paidAt?.cell({ ...order, paidAt: null }, context))).toBe('');
    expect(String(paidAt?.cell(order, context))).toMatch(/2026/);
    const paid = columnsFor<Order>().boolean('paidAt', 'admin:yesNo');
    expect(paid.cell(order, context)).toBe('<admin:yesNo.yes>');
    expect(paid.cell({ ...order, paidAt: null }, context)).toBe('<admin:yesNo.no>');
  });
});

describe('the URL a list ignores', () => {
  it('names unknown parameters and refused values, but not the ones the screen reads itself', () => {
    const params = new URLSearchParams('statsu=paid&sort=-secret&client=c1&page=2');
    expect(listParamProblems(ordersList, params, ['client'])).toEqual([
      'unknown parameter "statsu"',
      expect.stringMatching(/^refused sort="-secret"/),
    ]);
    expect(listParamProblems(ordersList, new URLSearchParams('page=2&status=paid'))).toEqual([]);
  });
});

describe('a list definition is checked against its query contract', () => {
  it('refuses, at compile time, a sort or a filter the contract does not take', () => {
    const list = (build: () => unknown) => build;
    list(() =>
      defineList({
        id: 'typed',
        query: ordersQuerySchema,
        fetch: async () => ({ items: [] as Order[], page: 1, pageSize: 25, total: 0 }),
        labels: 'admin:orders',
        rowId: (order) => order.id,
        columns: (col) => [
          col.money('totalCents', { sortable: true }),
          // @ts-expect-error `number` is not one of the contract's sort fields.
          col.text('number', { sortable: true }),
          // @ts-expect-error `numbr` is not a field of the item.
          col.text('numbr'),
        ],
        filters: (filter) => [
          // @ts-expect-error the contract has no `state` parameter.
          filter.select('state', ['paid']),
          // @ts-expect-error `refunded` is not a status the contract takes.
          filter.select('status', ['refunded']),
          // @ts-expect-error the contract has no `createdAtFrom` and `createdAtTo`.
          filter.dateRange('createdAt'),
          // @ts-expect-error the contract has no `search` parameter.
          filter.search('search'),
          // @ts-expect-error the contract has no `totalMinCents` and `totalMaxCents`.
          filter.moneyRange('total'),
        ],
      }),
    );
    const col = columnsFor<Order>();
    // @ts-expect-error outside a list nothing is sortable: there is no contract to sort by.
    col.text('number', { sortable: true });
    expect(col.text('number').id).toBe('number');
  });
});

describe('an amount range filter', () => {
  const amountsSchema = pageQuerySchema({ defaultSize: 25, maxSize: 100 }).extend({
    amountMinCents: z.coerce.number().int().min(0).optional(),
    amountMaxCents: z.coerce.number().int().min(0).optional(),
    country: z.string().length(2).optional(),
  });
  const amounts = defineList({
    id: 'amounts',
    query: amountsSchema,
    fetch: async () => ({ items: [] as Order[], page: 1, pageSize: 25, total: 0 }),
    labels: 'admin:orders',
    rowId: (order) => order.id,
    columns: (col) => [col.money('totalCents')],
    filters: (filter) => [filter.moneyRange('amount'), filter.text('country')],
  });

  it('sets two cent parameters that round-trip through the URL', () => {
    expect(filterParams(amounts.filters)).toEqual(['amountMinCents', 'amountMaxCents', 'country']);
    const query = readListQuery(
      amounts,
      new URLSearchParams('amountMinCents=1000&amountMaxCents=2550&country=AL'),
    );
    expect(query).toEqual({
      page: 1,
      pageSize: 25,
      amountMinCents: 1000,
      amountMaxCents: 2550,
      country: 'AL',
    });
    expect(writeListQuery(amounts, query).toString()).toBe(
      'amountMinCents=1000&amountMaxCents=2550&country=AL',
    );
  });

  it('drops an amount the contract refuses and keeps the other', () => {
    expect(readListQuery(amounts, new URLSearchParams('amountMinCents=-5&amountMaxCents=900'))).toEqual({
      page: 1,
      pageSize: 25,
      amountMaxCents: 900,
    });
  });

  it('turns typed amounts into whole cents and back', () => {
    expect(amountToCents('12.5')).toBe(1250);
    expect(amountToCents('12,99')).toBe(1299);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents('')).toBeUndefined();
    expect(amountToCents('-1')).toBeUndefined();
    expect(amountToCents('abc')).toBeUndefined();
    expect(centsToAmount(1250)).toBe('12.5');
    expect(centsToAmount(undefined)).toBe('');
  });
});
