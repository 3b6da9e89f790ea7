/** React Query keys of the cycle count screens. */
export const cycleCountKeys = {
  all: ['cycle-counts'] as const,
  list: (params: object) => ['cycle-counts', 'list', params] as const,
  detail: (id: number) => ['cycle-counts', 'detail', id] as const,
};
