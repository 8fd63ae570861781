/**
 * A list, defined once: its query contract, fetcher, columns, filters and CSV export. A screen is the list with
 * fixed filters (`<ListScreen list={ordersList} fixed={{ status: 'for_review' }} />`), so the ~27 staff screens
 * that are "one list with a preset" stay a few lines each (STYLE "Screens that repeat").
 *
 * Pure data and functions only: the screen that renders a definition is list-view.tsx.
 */
import type { Paged } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatDate, formatDateTime, formatNumber, formatPrice } from '../format/format';

/** What every list query holds (from `pageQuerySchema` and `sortQuerySchema` in @esim/contracts). */
export type ListQueryBase = { page: number; pageSize: number; sort?: string | undefined };

/** How a cell formats its value: the page's language and the translation function. */
export type CellContext = { locale: Locale; t: (key: string, options?: Record<string, unknown>) => string };

export type Column<Item> = {
  /** The item field (also the sort key and the label's i18n key `<labels>.<id>`). */
  id: string;
  cell: (item: Item, context: CellContext) => ReactNode;
  /** The server can sort by it (the query's `sort` accepts `id` and `-id`). */
  sortable?: boolean;
  /** Hidden until chosen in the column picker. */
  hidden?: boolean;
  align?: 'left' | 'right';
  /** Where the cell links to (the first column usually links to the item's screen). */
  href?: (item: Item) => string;
  /** The cell opens the item's detail beside the list (the screen's `detail`), at a URL of its own. */
  opensDetail?: boolean;
};

export type Filter =
  | { kind: 'search'; param: string }
  | { kind: 'select'; param: string; options: readonly string[]; optionLabels?: string }
  | { kind: 'dateRange'; param: string; from: string; to: string };

export type ListDefinition<Query extends ListQueryBase, Item> = {
  /** Stable id: the TanStack Query key and the column choice's storage key. */
  id: string;
  /** The list endpoint's query contract; parses the URL's search params. */
  query: z.ZodType<Query>;
  fetch: (query: Query, signal?: AbortSignal) => Promise<Paged<Item>>;
  /** i18n key prefix of the column and filter labels (`admin:failedOrders`). */
  labels: string;
  columns: readonly Column<Item>[];
  filters: readonly Filter[];
  rowId: (item: Item) => string;
  /** The CSV export of the same query (an endpoint streaming `text/csv`); no export button without it. */
  csv?: (query: Query) => Promise<string>;
};

export const defineList = <Query extends ListQueryBase, Item>(
  definition: Omit<ListDefinition<Query, Item>, 'filters'> & { filters?: readonly Filter[] },
): ListDefinition<Query, Item> => ({ ...definition, filters: definition.filters ?? [] });

/** Keys a fixed preset may pin: any query key but paging and sorting. */
export type FixedFilters<Query> = Partial<Omit<Query, 'page' | 'pageSize' | 'sort'>>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Column builders for the common cell kinds; each reads the field named by the column id. */
export const col = {
  text: <Item>(id: keyof Item & string, options: Partial<Column<Item>> = {}): Column<Item> => ({
    id,
    cell: (item) => text(item[id]),
    ...options,
  }),
  number: <Item>(id: keyof Item & string, options: Partial<Column<Item>> = {}): Column<Item> => ({
    id,
    align: 'right',
    cell: (item, { locale }) =>
      typeof item[id] === 'number' ? formatNumber(item[id] as number, locale) : '',
    ...options,
  }),
  /** Integer cents shown as euros in the page's locale. */
  money: <Item>(id: keyof Item & string, options: Partial<Column<Item>> = {}): Column<Item> => ({
    id,
    align: 'right',
    cell: (item, { locale }) => (typeof item[id] === 'number' ? formatPrice(item[id] as number, locale) : ''),
    ...options,
  }),
  /** An ISO timestamp shown as date and time in the page's locale. */
  date: <Item>(
    id: keyof Item & string,
    options: Partial<Column<Item>> & { time?: boolean } = {},
  ): Column<Item> => {
    const { time = true, ...rest } = options;
    return {
      id,
      cell: (item, { locale }) => {
        const value = item[id];
        if (typeof value !== 'string' || !value) return '';
        return time ? formatDateTime(value, locale) : formatDate(value, locale);
      },
      ...rest,
    };
  },
  /** A status word translated with `<prefix>.<value>`. */
  status: <Item>(
    id: keyof Item & string,
    prefix: string,
    options: Partial<Column<Item>> = {},
  ): Column<Item> => ({
    id,
    cell: (item, { t }) => (item[id] ? t(`${prefix}.${text(item[id])}`) : ''),
    ...options,
  }),
  /** A yes/no field translated with `<prefix>.yes` and `<prefix>.no`. */
  boolean: <Item>(
    id: keyof Item & string,
    prefix: string,
    options: Partial<Column<Item>> = {},
  ): Column<Item> => ({ id, cell: (item, { t }) => t(`${prefix}.${item[id] ? 'yes' : 'no'}`), ...options }),
  /** The field's text as a link to the item's screen. */
  link: <Item>(
    id: keyof Item & string,
    href: (item: Item) => string,
    options: Partial<Column<Item>> = {},
  ): Column<Item> => ({ id, href, cell: (item) => text(item[id]), ...options }),
};

/** Filter builders; each names the query parameter(s) it sets. */
export const filter = {
  search: (param = 'q'): Filter => ({ kind: 'search', param }),
  select: (param: string, options: readonly string[], optionLabels?: string): Filter => ({
    kind: 'select',
    param,
    options,
    ...(optionLabels ? { optionLabels } : {}),
  }),
  /** Two parameters, `<param>From` and `<param>To` (YYYY-MM-DD). */
  dateRange: (param: string): Filter => ({
    kind: 'dateRange',
    param,
    from: `${param}From`,
    to: `${param}To`,
  }),
};

/** The query parameters a list's filters set. */
export const filterParams = (filters: readonly Filter[]): string[] =>
  filters.flatMap((f) => (f.kind === 'dateRange' ? [f.from, f.to] : [f.param]));
