import { stockKeys } from '../../lib/query-keys/shared-keys';

/** React Query keys of the kit work order screens (the list and one order). */
export const kitWorkOrderKeys = {
  all: ['kit-work-orders'] as const,
  list: (warehouseId: number, params: object) => ['kit-work-orders', 'list', warehouseId, params] as const,
  detail: (id: number) => ['kit-work-orders', 'detail', id] as const,
  /** A work order's writes change stock too. */
  staleAfterWrite: [['kit-work-orders'], stockKeys.all] as const,
};
