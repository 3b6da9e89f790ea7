import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useWorkingContext, type WorkingContext } from './useWorkingContext';

/**
 * A list query of the working context: `build` gets the context (put `context` — or ALL_CONTEXT on a page that
 * ignores the header — into the key through the feature's query-keys.ts, and send the same ids), and the query
 * does not start before the selection is settled. A boolean `enabled` from `build` is kept.
 */
export function useContextQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  build: (context: WorkingContext) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> & { context: WorkingContext } {
  const context = useWorkingContext();
  const options = build(context);
  const result = useQuery({ ...options, enabled: context.ready && options.enabled !== false });
  return Object.assign(result, { context });
}
