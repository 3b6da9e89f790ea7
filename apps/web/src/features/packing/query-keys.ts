const all = ['packing'] as const;

/** React Query keys of the packing station and its set-up screens. */
export const packingKeys = {
  all,
  stations: (warehouseId: number) => ['packing', 'stations', warehouseId] as const,
  cartonTypes: (warehouseId: number) => ['packing', 'carton-types', warehouseId] as const,
  printerNetworks: (warehouseId: number) => ['packing', 'printer-networks', warehouseId] as const,
  pack: (orderId: number) => ['packing', 'pack', orderId] as const,
  labels: (orderId: number) => ['packing', 'labels', orderId] as const,
};
