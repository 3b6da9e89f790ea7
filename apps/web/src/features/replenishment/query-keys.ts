import { replenishmentRootKeys, stockKeys } from '../../lib/query-keys/shared-keys';

/** React Query keys of the replenishment screens (report, tasks, the handheld, the warehouse's pick faces). */
export const replenishmentKeys = {
  all: replenishmentRootKeys.all,
  report: (warehouseId: number) => ['replenishment', 'report', warehouseId] as const,
  tasks: (warehouseId: number, params: object) => ['replenishment', 'tasks', warehouseId, params] as const,
  task: (id: number) => ['replenishment', 'task', id] as const,
  /** The handheld's list: open tasks and those in progress, kept on the device for offline. */
  handheld: (warehouseId: number) => ['replenishment', 'handheld', warehouseId] as const,
  faces: (warehouseId: number, params: object) => ['replenishment', 'faces', warehouseId, params] as const,
  /** A task write moves units: the report, the lists and the stock screens. */
  staleAfterTask: [replenishmentRootKeys.all, stockKeys.all] as const,
};
