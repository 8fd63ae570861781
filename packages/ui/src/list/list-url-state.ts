/**
 * The list's state lives in the URL (page, page size, sort, filters), so a screen can be reloaded, shared and
 * navigated back to. These two functions are the only translation between search params and the query.
 */
import type { z } from 'zod';
import type { Filter, FixedFilters, ListQueryBase } from './define-list';
import { filterParams } from './define-list';

/** The part of a list definition its URL state depends on. */
export type ListShape<Query extends ListQueryBase> = { query: z.ZodType<Query>; filters: readonly Filter[] };

const stateParams = (list: { filters: readonly Filter[] }) => [
  'page',
  'pageSize',
  'sort',
  ...filterParams(list.filters),
];

/**
 * Search params -> the list's query. A preset's fixed filters win over the URL; a value the contract refuses
 * (a typed-in `page=abc`, an unknown sort) is dropped, so the list falls back to its default instead of failing.
 */
export const readListQuery = <Query extends ListQueryBase>(
  list: ListShape<Query>,
  params: URLSearchParams,
  fixed: FixedFilters<Query> = {},
): Query => {
  const raw: Record<string, unknown> = {};
  for (const key of stateParams(list)) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  Object.assign(raw, fixed);
  const first = list.query.safeParse(raw);
  if (first.success) return first.data;
  const refused = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  for (const key of refused) if (!(key in fixed)) delete raw[key];
  return list.query.parse(raw);
};

/**
 * What `readListQuery` leaves out of a URL, in words: parameters the list does not know (a typo, a filter the
 * contract lacks) and values the contract refuses. The list view logs them in development builds, so a wrong
 * link or filter is seen instead of silently doing nothing. `known` names other parameters the screen reads
 * (its detail's `?client=`).
 */
export const listParamProblems = <Query extends ListQueryBase>(
  list: ListShape<Query>,
  params: URLSearchParams,
  known: readonly string[] = [],
): string[] => {
  const state = new Set(stateParams(list));
  const problems: string[] = [];
  for (const key of new Set(params.keys()))
    if (!state.has(key) && !known.includes(key)) problems.push(`unknown parameter "${key}"`);
  const raw: Record<string, unknown> = {};
  for (const key of state) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const parsed = list.query.safeParse(raw);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      problems.push(`refused ${key}=${JSON.stringify(raw[key] ?? null)} (${issue.message})`);
    }
  return problems;
};

/**
 * The list's query -> search params: only what differs from the defaults and is not fixed by the preset, so
 * the URL stays short and a preset's filter never shows up as an editable one.
 */
export const writeListQuery = <Query extends ListQueryBase>(
  list: ListShape<Query>,
  query: Query,
  fixed: FixedFilters<Query> = {},
): URLSearchParams => {
  const defaults = list.query.parse({ ...fixed }) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of stateParams(list)) {
    if (key in fixed) continue;
    const value = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  return params;
};

/** The query with one change; any change but paging goes back to page 1. */
export const changeListQuery = <Query extends ListQueryBase>(query: Query, change: Partial<Query>): Query => {
  const paging = Object.keys(change).every((key) => key === 'page');
  return { ...query, ...change, ...(paging ? {} : { page: 1 }) };
};
