/** React Query keys of the handheld picking screens. */
export const pickingKeys = {
  all: ['picking'] as const,
  /** Waves a picker may take or continue in the warehouse. */
  available: (warehouseId: number) => ['picking', 'available', warehouseId] as const,
  wave: (id: number) => ['picking', 'wave', id] as const,
  locationStock: (locationId: number) => ['picking', 'location-stock', locationId] as const,
};
