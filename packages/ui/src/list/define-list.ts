/**
 * A list, defined once: its query contract, fetcher, columns, filters and CSV export. A screen is the list with
 * fixed filters (`<ListScreen list={ordersList} fixed={{ status: 'for_review' }} />`), so the ~27 staff screens
 * that are "one list with a preset" stay a few lines each (STYLE "Screens that repeat").
 *
 * The item type is bound once (from the fetcher's answer) and the query contract decides what may sort and
 * which filters exist: `columns: (col) => [col.text('email', { sortable: true })]` is a type error unless
 * `email` is one of the contract's sort fields, and `filter.select('status', …)` unless the contract takes
 * `status` (with those values). Pure data and functions only: the screen that renders a definition is
 * list-view.tsx.
 */
import type { Paged } from '@esim/contracts';
import type { Locale } from '@esim/contracts/locales';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { formatDate, formatDateTime, formatNumber, formatPrice } from '../format/format';
import type { StatusList } from '../status-list';

/** What every list query holds (from `pageQuerySchema` and `sortQuerySchema` in @esim/contracts). */

/** A list's footer row (list-footer.ts draws it). */
export type ListFooter<Item> = {
  /** i18n key of the row's label, shown in the first visible column the values leave empty. */
  label: string;
  /** The label's interpolation values from the whole answer (`{ count }` for "Total: 1,234 orders"). */
  labelValues?: (answer: Paged<Item>, context: CellContext) => Record<string, unknown>;
  /** The row's values by column id, from the whole answer (not only the page's items); none: no row. */
  values: (answer: Paged<Item>) => Partial<Item> | undefined;
};

export type ListQueryBase = { page: number; pageSize: number; sort?: string | undefined };

/** The fields a query contract sorts by: its `sort` values without the `-` of the descending ones. */
export type SortField<Query> = Query extends { sort?: infer Sort }
  ? Exclude<Extract<NonNullable<Sort>, string>, `-${string}`>
  : never;

/** The query parameters a filter may set: every key of the contract but paging and sorting. */
export type FilterParam<Query> = Exclude<keyof Query & string, 'page' | 'pageSize' | 'sort'>;

/** `param` of `filter.dateRange(param)`: the contract takes both `<param>From` and `<param>To`. */
export type DateRangeParam<Query> = {
  [Key in keyof Query & string]: Key extends `${infer Param}From`
    ? `${Param}To` extends keyof Query
      ? Param
      : never
    : never;
}[keyof Query & string];

/** How a cell formats its value: the page's language and the translation function. */
/** `param` of `filter.moneyRange(param)`: the contract takes both `<param>MinCents` and `<param>MaxCents`. */
export type MoneyRangeParam<Query> = {
  [Key in keyof Query & string]: Key extends `${infer Param}MinCents`
    ? `${Param}MaxCents` extends keyof Query
      ? Param
      : never
    : never;
}[keyof Query & string];

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
  /** The cell opens the item's detail beside the list when the screen has a `detail`, at a URL of its own. */
  opensDetail?: boolean;
};

export type Filter =
  | { kind: 'search'; param: string }
  | { kind: 'select'; param: string; options: readonly string[]; optionLabels?: string }
  | { kind: 'text'; param: string }
  | { kind: 'dateRange'; param: string; from: string; to: string }
  | { kind: 'moneyRange'; param: string; from: string; to: string }
  /** A parameter the screen sets with a control of its own (a date range with presets above the list). */
  | { kind: 'screen'; param: string };

/** What a table of items needs: labels, columns and row ids (a related list over rows a detail carries). */
export type RowsDefinition<Item> = {
  /** Stable id: the TanStack Query key and the column choice's storage key. */
  id: string;
  /** i18n key prefix of the column and filter labels (`admin-orders:failedOrders`). */
  labels: string;
  columns: readonly Column<Item>[];
  rowId: (item: Item) => string;
};

export type ListDefinition<Query extends ListQueryBase, Item> = RowsDefinition<Item> & {
  /** The list endpoint's query contract; parses the URL's search params. */
  query: z.ZodType<Query>;
  fetch: (query: Query, signal?: AbortSignal) => Promise<Paged<Item>>;
  filters: readonly Filter[];
  /** The CSV export of the same query (an endpoint streaming `text/csv`); no export button without it. */
  csv?: (query: Query) => Promise<string>;
  /** A last row under the table from the whole answer (a report's totals over every page): list-footer.ts. */
  footer?: ListFooter<Item>;
};

/** Options every column builder takes; `sortable` only where the contract sorts by the column's id. */
type ColumnOptions<Item, Id extends string, Query> = Omit<Partial<Column<Item>>, 'id' | 'sortable'> &
  ([Id] extends [SortField<Query>] ? { sortable?: boolean } : { sortable?: false });

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Column builders bound to one item type (and, inside `defineList`, to its query contract):
 * `const col = columnsFor<Order>()` outside a list, `columns: (col) => […]` inside one.
 */
export const columnsFor = <Item, Query = never>() => {
  type Key = keyof Item & string;
  const field = (item: Item, id: Key) => item[id] as unknown;
  /** A right-aligned number formatted in the page's locale (empty when the item has none). */
  const numeric = <Id extends Key>(
    id: Id,
    format: (value: number, locale: Locale) => string,
    options: ColumnOptions<Item, Id, Query> = {} as ColumnOptions<Item, Id, Query>,
  ): Column<Item> => ({
    id,
    align: 'right',
    cell: (item, { locale }) => {
      const value = field(item, id);
      return typeof value === 'number' ? format(value, locale) : '';
    },
    ...options,
  });
  return {
    /** Any cell: `col.custom('name', (c) => `${c.firstName} ${c.lastName}`)`. */
    custom: <Id extends string>(
      id: Id,
      cell: Column<Item>['cell'],
      options: ColumnOptions<Item, Id, Query> = {} as ColumnOptions<Item, Id, Query>,
    ): Column<Item> => ({ id, cell, ...options }),
    text: <Id extends Key>(
      id: Id,
      options: ColumnOptions<Item, Id, Query> = {} as ColumnOptions<Item, Id, Query>,
    ): Column<Item> => ({ id, cell: (item) => text(field(item, id)), ...options }),
    number: <Id extends Key>(id: Id, options?: ColumnOptions<Item, Id, Query>) =>
      numeric(id, formatNumber, options),
    /** Integer cents shown as euros in the page's locale. */
    money: <Id extends Key>(id: Id, options?: ColumnOptions<Item, Id, Query>) =>
      numeric(id, formatPrice, options),
    /** An ISO timestamp shown as date and time (or the date only, `time: false`) in the page's locale. */
    date: <Id extends Key>(
      id: Id,
      options: ColumnOptions<Item, Id, Query> & { time?: boolean } = {} as ColumnOptions<Item, Id, Query> & {
        time?: boolean;
      },
    ): Column<Item> => {
      const { time = true, ...rest } = options;
      return {
        id,
        cell: (item, { locale }) => {
          const value = field(item, id);
          if (typeof value !== 'string' || !value) return '';
          return time ? formatDateTime(value, locale) : formatDate(value, locale);
        },
        ...rest,
      };
    },
    /** A status in words, through its status list (the same label the detail badge and the history use). */
    status: <Id extends Key>(
      id: Id,
      statuses: StatusList<string>,
      options: ColumnOptions<Item, Id, Query> = {} as ColumnOptions<Item, Id, Query>,
    ): Column<Item> => ({
      id,
      cell: (item, { t }) => {
        const value = field(item, id);
        return value ? statuses.label(t, String(value)) : '';
      },
      ...options,
    }),
    /** A yes/no field translated with `<prefix>.yes` and `<prefix>.no`. */
    boolean: <Id extends Key>(
      id: Id,
      prefix: string,
      options: ColumnOptions<Item, Id, Query> = {} as ColumnOptions<Item, Id, Query>,
    ): Column<Item> => ({
      id,
      cell: (item, { t }) => t(`${prefix}.${field(item, id) ? 'yes' : 'no'}`),
      ...options,
    }),
    /** The field's text as a link to the item's screen. */
    link: <Id extends Key>(
      id: Id,
      href: (item: Item) => string,
      options: ColumnOptions<Item, Id, Query> = {} as ColumnOptions<Item, Id, Query>,
    ): Column<Item> => ({ id, href, cell: (item) => text(field(item, id)), ...options }),
  };
};

export type ColumnBuilders<Item, Query> = ReturnType<typeof columnsFor<Item, Query>>;

/** Filter builders bound to a query contract; each names the query parameter(s) it sets. */
export const filtersFor = <Query>() => ({
  /** The text search (usually `q`). */
  search: (param: FilterParam<Query>): Filter => ({ kind: 'search', param }),
  /** A choice among the values the contract takes; a status list gives the values and their labels. */
  select: <Param extends FilterParam<Query>>(
    param: Param,
    options:
      | readonly Extract<NonNullable<Query[Param]>, string>[]
      | StatusList<Extract<NonNullable<Query[Param]>, string>>,
    optionLabels?: string,
  ): Filter => {
    if (!Array.isArray(options)) {
      const statuses = options as StatusList<string>;
      return { kind: 'select', param, options: statuses.values, optionLabels: statuses.labels };
    }
    return {
      kind: 'select',
      param,
      options: options as readonly string[],
      ...(optionLabels ? { optionLabels } : {}),
    };
  },
  /** An exact value typed in (a country code, a campaign name); the contract validates it. */
  text: (param: FilterParam<Query>): Filter => ({ kind: 'text', param }),
  /** Two parameters, `<param>From` and `<param>To` (YYYY-MM-DD). */
  dateRange: (param: DateRangeParam<Query>): Filter => ({
    kind: 'dateRange',
    param,
    from: `${param}From`,
    to: `${param}To`,
  }),
  /**
   * A parameter the screen draws its own control for (the Facebook screens' date range with presets): part of the
   * list's URL state and of its saved views like any filter, but not drawn in the filter bar.
   */
  byScreen: (param: FilterParam<Query>): Filter => ({ kind: 'screen', param }),
  /** Two parameters, `<param>MinCents` and `<param>MaxCents` (integer cents), typed in as amounts. */
  moneyRange: (param: MoneyRangeParam<Query>): Filter => ({
    kind: 'moneyRange',
    param,
    from: `${param}MinCents`,
    to: `${param}MaxCents`,
  }),
});

export type FilterBuilders<Query> = ReturnType<typeof filtersFor<Query>>;

/**
 * Defines a list. The item type comes from `fetch`'s answer and the query type from `query`, so the column and
 * filter builders handed to `columns` and `filters` are checked against both. An answer that carries more than
 * the page (`totals`) hands its own type to `footer`.
 */
export const defineList = <Query extends ListQueryBase, Item, Extra = unknown>(definition: {
  id: string;
  query: z.ZodType<Query>;
  fetch: (query: Query, signal?: AbortSignal) => Promise<Paged<Item> & Extra>;
  labels: string;
  rowId: (item: Item) => string;
  columns: (col: ColumnBuilders<Item, Query>) => readonly Column<Item>[];
  filters?: (filter: FilterBuilders<Query>) => readonly Filter[];
  csv?: (query: Query) => Promise<string>;
  footer?: {
    label: string;
    values: (answer: Paged<Item> & Extra) => Partial<Item> | undefined;
    labelValues?: (answer: Paged<Item> & Extra, context: CellContext) => Record<string, unknown>;
  };
}): ListDefinition<Query, Item> => {
  const { footer, ...rest } = definition;
  return {
    ...rest,
    columns: definition.columns(columnsFor<Item, Query>()),
    filters: definition.filters?.(filtersFor<Query>()) ?? [],
    // The view hands back the answer `fetch` gave, so it has the fetch's own type.
    ...(footer
      ? {
          footer: {
            label: footer.label,
            values: (answer) => footer.values(answer as Paged<Item> & Extra),
            ...(footer.labelValues
              ? {
                  labelValues: (answer: Paged<Item>, context: CellContext) =>
                    footer.labelValues?.(answer as Paged<Item> & Extra, context) ?? {},
                }
              : {}),
          },
        }
      : {}),
  };
};

/** Defines the rows of a related list a detail answer carries (no endpoint of its own, nothing sorts). */
export const defineRows = <Item>(definition: {
  id: string;
  labels: string;
  rowId: (item: Item) => string;
  columns: (col: ColumnBuilders<Item, never>) => readonly Column<Item>[];
}): RowsDefinition<Item> => ({ ...definition, columns: definition.columns(columnsFor<Item, never>()) });

/** Keys a fixed preset may pin: any query key but paging and sorting. */
export type FixedFilters<Query> = Partial<Omit<Query, 'page' | 'pageSize' | 'sort'>>;

/** The query parameters a list's filters set. */
export const filterParams = (filters: readonly Filter[]): string[] =>
  filters.flatMap((f) => (f.kind === 'dateRange' || f.kind === 'moneyRange' ? [f.from, f.to] : [f.param]));

/** Integer cents as the amount typed in a money filter (`1250` -> `12.5`), and back (`'12.50'` -> `1250`). */
export const centsToAmount = (cents: unknown): string =>
  typeof cents === 'number' && Number.isFinite(cents) ? String(cents / 100) : '';
export const amountToCents = (amount: string | number): number | undefined => {
  const value = typeof amount === 'number' ? amount : Number(amount.replace(',', '.'));
  return amount === '' || !Number.isFinite(value) || value < 0 ? undefined : Math.round(value * 100);
};
