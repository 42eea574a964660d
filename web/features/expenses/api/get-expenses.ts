/**
 * `GET /api/expenses` (001 §2, §4, D20, D37): every figure of the page in one call. Unlike the
 * default reads, a failure throws, so that it is retried once after 2 seconds (001 §4, §9); the
 * answer is read again whenever the page opens, since record and vehicle writes elsewhere change
 * it. While another vehicle or period loads, the figures shown stay those of the last answer.
 */
import { EXPENSES_RETRY_DELAY_MS, type Expenses } from '@contract/expenses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@web/lib/api-client';
import { type ExpenseFilter, toQueryString } from '../lib/periods';

export const EXPENSES_QUERY_KEY = ['/api/expenses'] as const;

/** Thrown, not answered as null: the query retries it (001 §4). */
export function fetchExpenses(filter: ExpenseFilter, signal?: AbortSignal): Promise<Expenses> {
  return fetchJson<Expenses>(`/api/expenses${toQueryString(filter)}`, signal);
}

export function expensesQueryOptions(filter: ExpenseFilter) {
  return queryOptions({
    queryKey: [...EXPENSES_QUERY_KEY, filter] as const,
    queryFn: ({ signal }) => fetchExpenses(filter, signal),
    retry: 1,
    retryDelay: EXPENSES_RETRY_DELAY_MS,
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
}

export function useExpenses(filter: ExpenseFilter) {
  return useQuery(expensesQueryOptions(filter));
}
