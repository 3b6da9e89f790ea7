/**
 * An assembled kit's inventory row carries `kit_buildable`: how many more kits its components' available stock in
 * that warehouse could build. The list and the detail word it the same way; null (any other product) says nothing.
 */
export const canBuildText = (kitBuildable: number | null): string | null =>
  kitBuildable === null ? null : `Can build ${kitBuildable.toLocaleString()}`;

/**
 * Bundles have no stock of their own, so no inventory rows: their availability is their components'. The list says
 * so rather than inventing a row, and shows the chosen account's bundles with what they make beside it.
 */
export const BUNDLES_NOTE =
  'Bundles have no stock of their own and no rows here: how many whole bundles their components make is listed for the chosen account.';
