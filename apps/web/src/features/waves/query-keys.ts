import { waveRootKeys } from '../../lib/query-keys/shared-keys';

/** React Query keys of the wave screens (release, waves list and detail, supervisor). */
export const waveKeys = {
  all: waveRootKeys.all,
  summary: (warehouseId: number) => ['waves', 'summary', warehouseId] as const,
  preview: (warehouseId: number, filters: object) => ['waves', 'preview', warehouseId, filters] as const,
  list: (warehouseId: number, params: object) => ['waves', 'list', warehouseId, params] as const,
  detail: (id: number) => ['waves', 'detail', id] as const,
  hospital: (warehouseId: number) => ['waves', 'hospital', warehouseId] as const,
  /** The builder's pickers: accounts linked to the warehouse, shippers, order statuses. */
  accounts: (warehouseId: number) => ['waves', 'accounts', warehouseId] as const,
  shippers: () => ['waves', 'shippers'] as const,
  statuses: () => ['waves', 'statuses'] as const,
};
