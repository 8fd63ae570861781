import type { Statement } from '@esim/contracts/portal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type StatementParams = { from: string; to: string; page: number };
export const statementPageSize = 50;

/** GET /api/portal/credits/statement: opening, the period's entries with running balance, totals, closing. */
export const getStatement = (params: StatementParams, signal?: AbortSignal) =>
  api.get<Statement>('/portal/credits/statement', {
    query: { ...params, pageSize: statementPageSize },
    ...(signal ? { signal } : {}),
  });

export const statementQueryOptions = (params: StatementParams) =>
  queryOptions({
    queryKey: ['portal', 'statement', params],
    queryFn: ({ signal }) => getStatement(params, signal),
    placeholderData: keepPreviousData,
  });

export const useStatement = (params: StatementParams) => useQuery(statementQueryOptions(params));
