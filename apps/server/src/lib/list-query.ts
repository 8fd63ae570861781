import { type Paged, type PageQuery, parseSort } from '@esim/contracts';
import { type AnyColumn, and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import { AppError } from './app-error';

/**
 * The list helper every list endpoint uses (paging, sorting, the paged answer), so that a list is a contract
 * (`pageQuerySchema`, `sortQuerySchema`, `pagedSchema` in packages/contracts/src/paging.ts), a repository
 * `listX(db, filters)` and a route, and every list answers and fails the same way.
 */

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

/** `{ limit, offset }` of a 1-based page. */
export const pageWindow = ({ page, pageSize }: PageQuery) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * ORDER BY for a contract's sort value (`field` or `-field`) over the repository's column map. The tiebreak
 * column (the id) keeps the order total, so rows never repeat or go missing between pages.
 */
export const orderByOf = <Field extends string>(
  sort: Field | `-${Field}`,
  columns: Record<Field, AnyColumn | SQL>,
  tiebreak: AnyColumn,
): SQL[] => {
  const { field, direction } = parseSort(sort);
  const by = direction === 'asc' ? asc : desc;
  return [by(columns[field]), by(tiebreak)];
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
 * Reads a whole list in batches of `batchSize` through the repository's page query, one batch in memory at a
 * time (CSV exports). Offset batches over the list's total order: an export is a snapshot as good as paging.
 */
export async function* batchesOf<Item>(
  fetchPage: (window: { limit: number; offset: number }) => Promise<Item[]>,
  batchSize = 1000,
): AsyncGenerator<Item[]> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await fetchPage({ limit: batchSize, offset });
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
  }
}

/**
 * Keyset paging for exports: the rows after `last` in the order of `sort` (with the id as tiebreak). Unlike an
 * offset, each batch costs the same however deep into the list it is, so a 100,000-row export stays linear.
 */
export const afterRow = <Field extends string>(
  sort: Field | `-${Field}`,
  columns: Record<Field, AnyColumn>,
  tiebreak: AnyColumn,
  last: { value: unknown; id: string },
): SQL | undefined => {
  const { field, direction } = parseSort(sort);
  const beyond = direction === 'asc' ? gt : lt;
  const column = columns[field];
  return or(beyond(column, last.value), and(eq(column, last.value), beyond(tiebreak, last.id)));
};

/** Reads a whole list in keyset batches (`fetchAfter(last)` answers the next batch after the row given). */
export async function* keysetBatchesOf<Row>(
  fetchAfter: (last: Row | null) => Promise<Row[]>,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let last: Row | null = null;
  for (;;) {
    const batch = await fetchAfter(last);
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
    last = batch[batch.length - 1] ?? null;
  }
}
