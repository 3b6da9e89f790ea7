import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';

/** What a screen adds to a write: its own reaction (a toast, closing a dialog), run after the refresh. */
export type WriteConfig<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError'
>;

type Stale<TData, TVariables> = readonly QueryKey[] | ((data: TData, variables: TVariables) => readonly QueryKey[]);

/**
 * A write of a feature's api.ts: the request, then the cached queries it makes stale. The refetch is awaited
 * before `mutateAsync` resolves (and before a caller's own `onSuccess`), so the screen a caller goes to next reads
 * fresh data. Options: `update` writes an answer straight into the cache first (a detail the server answered
 * whole); `background` does not wait for the refetch (a scanning flow that must answer at once); `offline` runs the
 * write with no network too (TanStack pauses writes while the browser is offline); `config` is the
 * screen's own onSuccess/onError (as bulletproof-react's `mutationConfig`).
 * Callers word the outcome (toasts) and handle failures themselves; the api client already notifies errors.
 */
export function useWrite<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  stale: Stale<TData, TVariables>,
  {
    update,
    background = false,
    offline = false,
    config,
  }: {
    update?: (queryClient: QueryClient, data: TData, variables: TVariables) => void;
    background?: boolean;
    /** The write copes without a network itself (a floor action queued offline): never paused for one. */
    offline?: boolean;
    config?: WriteConfig<TData, TVariables>;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    networkMode: offline ? 'always' : undefined,
    onSuccess: async (...args) => {
      const [data, variables] = args;
      update?.(queryClient, data, variables);
      const keys = typeof stale === 'function' ? stale(data, variables) : stale;
      const refetched = Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!background) await refetched;
      await config?.onSuccess?.(...args);
    },
    onError: config?.onError,
  });
}
