/** A URL parameter as a positive id, or null. */
export const positiveId = (raw: string | null): number | null => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
};
