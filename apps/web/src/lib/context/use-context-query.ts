import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useWorkingContext, type WorkingContext } from './use-working-context';

/**
 * A list query of the working context: `build` gets the context (put `contextKeyOf(context)` into the key through
 * the feature's query-keys.ts, and send the same ids), and the query does not start before the selection is
 * settled. A page that ignores the header passes `{ scope: 'all' }` and ALL_CONTEXT in its key: it starts at once,
 * since no selection can change what it shows. A boolean `enabled` from `build` is kept.
 */
export function useContextQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  build: (context: WorkingContext) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
  { scope = 'context' }: { scope?: 'context' | 'all' } = {},
): UseQueryResult<TData, TError> & { context: WorkingContext } {
  const context = useWorkingContext();
  const options = build(context);
  const waits = scope === 'context' && !context.ready;
  const result = useQuery({ ...options, enabled: !waits && options.enabled !== false });
  return Object.assign(result, { context });
}

/** The second argument of useContextQuery on a page that ignores the header ('All warehouses'). */
export const ALL_SCOPE = { scope: 'all' } as const;
