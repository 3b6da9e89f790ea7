import type { ContextKey } from '../context/context-key';

/**
 * Query keys more than one area names. Features may not import each other, so a key that another feature's write
 * makes stale, or that a shared component (components/) caches under, lives here; the owning feature's
 * query-keys.ts builds on it, so the two can never drift apart.
 */

/** The header's selector lists (lib/context): refreshed after an account or warehouse changes. */
export const contextKeys = {
  all: ['context'] as const,
  accounts: () => ['context', 'accounts'] as const,
  warehouses: () => ['context', 'warehouses'] as const,
};

/** The inventory feature's rows: a move on the scan screen makes them stale too. */
export const stockKeys = {
  all: ['inventories'] as const,
};

/** The product picker (components/ProductPicker) caches under the products root: product writes refresh it. */
export const productPickerKey = (context: ContextKey, term: string) =>
  ['products', 'picker-options', context, term] as const;

/** The location picker (components/LocationPicker) caches under the locations root: location writes refresh it. */
export const locationOptionsKey = (warehouseId: number, search: string) =>
  ['locations', 'options', warehouseId, search] as const;

/**
 * The wave screens' rows (features/waves): a shipper's cut-offs change the release screen's late counts, a pick on
 * the handheld (features/picking) a wave's progress.
 */
export const waveRootKeys = {
  all: ['waves'] as const,
};

/**
 * The bell's queries (features/notifications) and the notification preferences (features/settings) share one root,
 * so one invalidation (the live stream, a mark read) refreshes them all.
 */
export const notificationRootKeys = {
  all: ['notifications'] as const,
};

/** The orders feature's lists and details: shipping at the packing station (features/packing) changes them. */
export const orderRootKeys = {
  all: ['orders'] as const,
};

/** The cycle count screens' rows: the supervisor's "Count now" on a hospital location opens a count. */
export const countRootKeys = {
  all: ['cycle-counts'] as const,
};

/**
 * Pick-face settings (components/pick-faces, on inventory detail and a location's stock) and the replenishment
 * screens (features/replenishment) share one root: a face saved anywhere changes the report and the lists.
 */
export const replenishmentRootKeys = {
  all: ['replenishment'] as const,
  inventoryFaces: (inventoryId: number) => ['replenishment', 'inventory-faces', inventoryId] as const,
};

/** The returns screens (features/returns) and an order's Returns card (features/orders) share one root. */
export const returnRootKeys = {
  all: ['returns'] as const,
  ofOrder: (orderId: number) => ['returns', 'order', orderId] as const,
};

/**
 * A warehouse's locations kept on the handheld for offline scans (lib/offline/warehouse-locations-snapshot), read
 * by the putaway dialog; under the locations root, so location writes (a deactivation) refresh it.
 */
export const heldLocationsKey = (warehouseId: number) => ['locations', 'held', warehouseId] as const;
