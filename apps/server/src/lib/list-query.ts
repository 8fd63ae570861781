import { type Paged, type PageQuery, parseSort, type SortDirection } from '@esim/contracts';
import type { Db } from '@esim/db';
import {
  type AnyColumn,
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  ilike,
  is,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './app-error';

/**
 * The one list helper (docs/guides/add-an-endpoint.md): a repository defines each list once with
 * `defineListQuery` (its select, its filters' WHERE, its sortable columns) and gets from it one page with the
 * total, a window of rows, and keyset batches for CSV exports; `toPaged` turns a page into the contracts'
 * `Paged` answer (packages/contracts/src/paging.ts). Search, scope, ORDER BY and LIMIT/OFFSET are written here
 * and nowhere else.
 */

/** A contract's sort value: `field` ascending, `-field` descending. */
export type SortValue<Field extends string> = Field | `-${Field}`;

/**
 * Whose rows a caller may see: a customer's own, a shop's own, or all of them (staff). Every read of an owned
 * resource (orders, eSIMs) takes one, so a route cannot forget to scope its query.
 */
export type OwnerScope = { userId: string } | { shopId: string } | 'all';

/** The WHERE condition of a scope over the table's owner columns (none for 'all'). */
export const ownerCondition = (
  scope: OwnerScope,
  columns: { userId: AnyColumn; shopId: AnyColumn },
): SQL | undefined =>
  scope === 'all'
    ? undefined
    : 'userId' in scope
      ? eq(columns.userId, scope.userId)
      : eq(columns.shopId, scope.shopId);

/**
 * A LIKE pattern matching `text` anywhere: `%`, `_` and `\` typed by a person match themselves (PostgreSQL's
 * default LIKE escape is the backslash).
 */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search: any of `columns` contains `q`, case-insensitive; no condition for an empty `q`. */
export const searchCondition = (q: string | undefined, columns: readonly (AnyColumn | SQL)[]) => {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
};

/** `{ limit, offset }` of a 1-based page. */
export const pageWindow = ({ page, pageSize }: PageQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** What a sort field orders by: a column, an expression, or several in turn (type, then name). */
export type SortColumn = AnyColumn | SQL | readonly (AnyColumn | SQL)[];

const columnsOf = (column: SortColumn): readonly (AnyColumn | SQL)[] =>
  Array.isArray(column) ? column : [column as AnyColumn | SQL];

/**
 * ORDER BY for a contract's sort value (`field` or `-field`) over the repository's column map. The tiebreak
 * column (the id) keeps the order total, so rows never repeat or go missing between pages.
 */
export const orderByOf = <Field extends string>(
  sort: SortValue<Field>,
  columns: Record<Field, SortColumn>,
  tiebreak: AnyColumn,
): SQL[] => {
  const { field, direction } = parseSort(sort);
  const by = direction === 'asc' ? asc : desc;
  return [...columnsOf(columns[field]).map((column) => by(column)), by(tiebreak)];
};

/** The paged answer; a page past the last one is PAGE_OUT_OF_RANGE (page 1 of an empty list is not). */
export const toPaged = <Item>(query: PageQuery, total: number, items: Item[]): Paged<Item> => {
  if (query.page > 1 && items.length === 0) throw new AppError('PAGE_OUT_OF_RANGE');
  return { items, page: query.page, pageSize: query.pageSize, total };
};

/** The same paging over a list already in memory (the catalogue snapshot). */
export const pageOfList = <Item>(all: readonly Item[], query: PageQuery): Paged<Item> => {
  const { limit, offset } = pageWindow(query);
  return toPaged(query, all.length, all.slice(offset, offset + limit));
};

/**
 * The fields the helper adds to a list's select (spread them in: `db.select({ ...columns, ...listFields })`):
 * the total when it is counted in the rows' own scan, and the exact sort key and id of each row for keyset
 * batches. They are null when not asked for, and removed from the rows the helper answers.
 */
export type ListFields = {
  listTotal: SQL<number | null>;
  listKey: SQL<unknown>;
  listId: SQL<string | null>;
};
type ListFieldName = keyof ListFields;

/** A row of a list as the helper answers it: the select's row without the helper's fields. */
export type ListRow<Query extends PgSelect> = Omit<Query['_']['result'][number], ListFieldName>;

export type ListQuerySpec<Filters, Field extends string, Query extends PgSelect> = {
  /**
   * The list's select with its joins, the helper's fields spread in, made dynamic:
   * `(db, listFields) => db.select({ ...columns, ...listFields }).from(table).$dynamic()`. The helper adds WHERE,
   * ORDER BY, LIMIT and OFFSET.
   */
  select: (db: Db, listFields: ListFields) => Query;
  /** The filters' WHERE (scope, search, status...); `db` for an `exists` subquery. */
  where: (filters: Filters, db: Db) => SQL | undefined;
  /** The sortable fields (the contract's sort fields) and their columns or expressions. */
  sortColumns: Record<Field, SortColumn>;
  /**
   * The unique column that makes the order total (the id). Sort columns and filters belong to its table (or are
   * expressions correlated to it): the total counts that table.
   */
  tiebreak: PgColumn;
  /** The order when the filters name none. */
  defaultSort: NoInfer<SortValue<Field>>;
  /**
   * Count in the rows' own scan (`count(*) over ()`) for these filters: worth it when they scan the table anyway
   * (a search by part of a word); otherwise the total is a separate count, which an index answers quickly.
   */
  totalInRows?: (filters: Filters) => boolean;
};

/** What a list definition gives its repository. */
export type ListQuery<Filters, Query extends PgSelect> = {
  /** One page of rows in the filters' order, and how many rows match. */
  page: (db: Db, filters: Filters, page: PageQuery) => Promise<{ rows: ListRow<Query>[]; total: number }>;
  /** One window of rows in the filters' order, not counted (the first few, a page whose total is known). */
  rows: (db: Db, filters: Filters, window: { limit: number; offset: number }) => Promise<ListRow<Query>[]>;
  /**
   * Every matching row in the filters' order, in keyset batches of `batchSize`: each batch starts after the last
   * row of the one before (its sort key and id, read exactly from the database), so every batch costs the same
   * however deep it is. Only one batch is in memory at a time. A row whose sort key changes during the export
   * is read where it is when its batch is read.
   */
  batches: (db: Db, filters: Filters, batchSize?: number) => AsyncGenerator<ListRow<Query>[]>;
};

const none = sql<null>`null`;
const noListFields: ListFields = { listTotal: none, listKey: none, listId: none };

const withoutListFields = <Row extends Partial<Record<ListFieldName, unknown>>>(row: Row) => {
  const { listTotal: _total, listKey: _key, listId: _id, ...rest } = row;
  return rest;
};

/**
 * The rows after `last` (its sort key, one text per sort column, and its id) in the order `orderByOf` gives:
 * compared column by column, then by the id. PostgreSQL sorts nulls last ascending and first descending, and a
 * column that may be null (a nullable column, or an expression) is read that way.
 */
export const afterKey = (
  columns: readonly (AnyColumn | SQL)[],
  direction: SortDirection,
  tiebreak: AnyColumn,
  last: { key: readonly (string | null)[]; id: string },
): SQL | undefined => {
  const beyond = (left: AnyColumn | SQL, right: string) =>
    direction === 'asc' ? sql`${left} > ${right}` : sql`${left} < ${right}`;
  let after: SQL | undefined = beyond(tiebreak, last.id);
  for (let i = columns.length - 1; i >= 0; i--) {
    const column = columns[i] as AnyColumn | SQL;
    const key = last.key[i] ?? null;
    const nullable = !is(column, Column) || !column.notNull;
    const same = key === null ? isNull(column) : sql`${column} = ${key}`;
    const past =
      key === null
        ? direction === 'asc'
          ? undefined
          : isNotNull(column)
        : or(beyond(column, key), direction === 'asc' && nullable ? isNull(column) : undefined);
    after = or(past, and(same, after));
  }
  return after;
};

/**
 * Defines a list once: its select, filters and sort. Name the repository's functions after it
 * `listX(db, filters, page)` (`xList.page`) and `streamX(db, filters)` (`xList.batches`).
 */
export const defineListQuery = <Filters extends object, Field extends string, Query extends PgSelect>(
  spec: ListQuerySpec<Filters, Field, Query>,
): ListQuery<Filters, Query> => {
  type Row = ListRow<Query>;
  const table = spec.tiebreak.table as PgTable;
  // The filters' `sort` when they have one (the contract allows only the list's sort fields).
  const sortOf = (filters: Filters) =>
    ((filters as { sort?: SortValue<Field> }).sort ?? spec.defaultSort) as SortValue<Field>;
  const orderOf = (filters: Filters) => orderByOf(sortOf(filters), spec.sortColumns, spec.tiebreak);
  const strip = (rows: Record<string, unknown>[]) => rows.map(withoutListFields) as Row[];
  const countOf = async (db: Db, where: SQL | undefined) =>
    (await db.select({ value: count() }).from(table).where(where))[0]?.value ?? 0;
  const windowOf = (
    db: Db,
    filters: Filters,
    window: { limit: number; offset: number },
    listFields: ListFields,
    where = spec.where(filters, db),
  ) =>
    spec
      .select(db, listFields)
      .where(where)
      .orderBy(...orderOf(filters))
      .limit(window.limit)
      .offset(window.offset) as Promise<Record<string, unknown>[]>;

  return {
    page: async (db, filters, page) => {
      const where = spec.where(filters, db);
      const window = pageWindow(page);
      if (spec.totalInRows?.(filters)) {
        const listTotal = sql<number>`count(*) over ()`.mapWith(Number);
        const rows = await windowOf(db, filters, window, { ...noListFields, listTotal }, where);
        // A page past the end has no row to carry the total.
        const total = (rows[0]?.listTotal as number | undefined) ?? (await countOf(db, where));
        return { rows: strip(rows), total };
      }
      const [rows, total] = await Promise.all([
        windowOf(db, filters, window, noListFields, where),
        countOf(db, where),
      ]);
      return { rows: strip(rows), total };
    },
    rows: async (db, filters, window) => strip(await windowOf(db, filters, window, noListFields)),
    batches: async function* (db, filters, batchSize = 1000) {
      const { field, direction } = parseSort(sortOf(filters));
      const columns = columnsOf(spec.sortColumns[field]);
      const listFields: ListFields = {
        listTotal: none,
        // One text per sort column (exact: a timestamp keeps its microseconds), as a JSON array.
        listKey: sql`json_build_array(${sql.join(
          columns.map((column) => sql`(${column})::text`),
          sql`, `,
        )})`,
        listId: sql<string>`${spec.tiebreak}::text`,
      };
      const where = spec.where(filters, db);
      let after: SQL | undefined;
      for (;;) {
        const batch = await windowOf(
          db,
          filters,
          { limit: batchSize, offset: 0 },
          listFields,
          and(where, after),
        );
        if (batch.length > 0) yield strip(batch);
        const last = batch.at(-1);
        if (batch.length < batchSize || !last) return;
        after = afterKey(columns, direction, spec.tiebreak, {
          key: last.listKey as (string | null)[],
          id: last.listId as string,
        });
      }
    },
  };
};
