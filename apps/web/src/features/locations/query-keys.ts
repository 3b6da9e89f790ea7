/** React Query keys of the locations screen. */
export const locationKeys = {
  all: ['locations'] as const,
  list: (warehouseId: number, params: object) => ['locations', 'list', warehouseId, params] as const,
};
