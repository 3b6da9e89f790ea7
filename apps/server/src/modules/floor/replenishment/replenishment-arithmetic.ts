/**
 * How many units a pick face gets (docs/floor-replenishment.md "Arithmetic"), pure:
 * - the face needs units when its free units (held minus allocated to pick tasks) are below `min`, or when open
 *   pick tasks of a released wave reach into storage for its row (the face was short at release);
 * - it gets what brings it up to `max`, rounded DOWN to whole increments (never above max), but at least one
 *   increment when it is below min (a face with max − free smaller than one increment still gets a whole case);
 * - never more than storage holds free: when storage has less, it gets what storage has (a partial increment).
 */
export function quantityToBring(
  face: { min: number; max: number; increment: number },
  free: number,
  storageFree: number,
): number {
  const room = face.max - free;
  let quantity = room > 0 ? Math.floor(room / face.increment) * face.increment : 0;
  if (quantity === 0 && free < face.min) quantity = face.increment;
  return Math.max(0, Math.min(quantity, storageFree));
}
