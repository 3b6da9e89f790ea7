/** Every query key of the auth feature (sign-in and registration pages; no working context yet). */
export const authKeys = {
  publicWarehouses: () => ['public', 'all-warehouses'] as const,
};
