import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries or focus refetches: every failed call already shows its catalogue notification, and a
 * retry would repeat it. Screens offer an explicit Retry instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
