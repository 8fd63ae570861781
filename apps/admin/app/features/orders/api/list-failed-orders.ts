/**
 * GET /api/staff/orders/failed (admin only): the failed-transactions list.
 *
 * The endpoint does not page yet: it answers `{ items }`, the 200 newest failures. Until it takes
 * `listFailedOrdersQuerySchema` and answers `failedOrdersPageSchema`, this fetcher sends the query anyway and
 * pages, sorts and searches the answer here, so the screen already speaks the paged shape and needs no change
 * when the server does.
 */
import { type FailedOrder, type ListFailedOrdersQuery, type Paged, parseSort } from '@esim/contracts';
import { api } from '../../../lib/api-client';

type Answer = { items: FailedOrder[] } | Paged<FailedOrder>;

const isPaged = (answer: Answer): answer is Paged<FailedOrder> => 'total' in answer;

const matches = (order: FailedOrder, q: string) =>
  [order.number, order.buyerEmail, order.packageName].some((text) => text.toLowerCase().includes(q));

const compare = (a: FailedOrder, b: FailedOrder, field: ReturnType<typeof parseSort>['field']) => {
  const x = a[field as keyof FailedOrder] ?? '';
  const y = b[field as keyof FailedOrder] ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Pages an unpaged answer with the list's query (what the endpoint will do in SQL). */
export const pageFailedOrders = (items: FailedOrder[], query: ListFailedOrdersQuery): Paged<FailedOrder> => {
  const q = query.q?.toLowerCase();
  const { field, direction } = parseSort(query.sort);
  const found = (q ? items.filter((order) => matches(order, q)) : items).toSorted(
    (a, b) => compare(a, b, field) * (direction === 'desc' ? -1 : 1),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    items: found.slice(start, start + query.pageSize),
    page: query.page,
    pageSize: query.pageSize,
    total: found.length,
  };
};

export const listFailedOrders = async (
  query: ListFailedOrdersQuery,
  signal?: AbortSignal,
): Promise<Paged<FailedOrder>> => {
  const answer = await api.get<Answer>('/staff/orders/failed', { query, ...(signal ? { signal } : {}) });
  return isPaged(answer) ? answer : pageFailedOrders(answer.items, query);
};
