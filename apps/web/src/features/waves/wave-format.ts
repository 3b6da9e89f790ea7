/** '850 m' or '1.2 km': the walking estimate as a supervisor compares it. */
export function distanceLabel(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toFixed(1)} km` : `${metres} m`;
}

/** 'Picking · 3 of 8 tasks', the share of a wave's pick tasks done (picked or short). */
export function progressPercent(done: number, total: number): number {
  return total === 0 ? 0 : Math.round((done / total) * 100);
}
