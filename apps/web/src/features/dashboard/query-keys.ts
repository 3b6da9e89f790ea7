import type { ContextKey } from '../../lib/context/context-key';

/** Every query key of the dashboard feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: (context: ContextKey, timeframe: number) => ['dashboard', 'overview', context, timeframe] as const,
  inquiryStatistics: (context: ContextKey) => ['dashboard', 'inquiry-statistics', context] as const,
  inventoryAccuracy: ['dashboard', 'inventory-accuracy'] as const,
  replenishment: (warehouseId: number | null) => ['dashboard', 'replenishment', warehouseId] as const,
};
