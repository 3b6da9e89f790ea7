/**
 * An assembled kit's inventory row carries `kit_buildable`: how many more kits its components' available stock in
 * that warehouse could build. The list and the detail word it the same way; null (any other product) says nothing.
 */
export const canBuildText = (kitBuildable: number | null): string | null =>
  kitBuildable === null ? null : `Can build ${kitBuildable.toLocaleString()}`;

/**
 * Bundles have no stock of their own, so no inventory rows: their availability is their components' and is shown
 * where a bundle is ordered (the order's product search). The list says so rather than inventing a row.
 */
export const BUNDLES_NOTE =
  'Bundles have no stock of their own and are not listed here: a bundle’s availability (whole bundles its components make) is shown in the order’s product search.';
