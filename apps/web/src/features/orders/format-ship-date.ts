/** A ship date is a calendar day ('2026-11-23'): shown as that day wherever the browser is, never shifted by UTC. */
export const formatShipDate = (day: string | null | undefined): string =>
  day ? new Date(`${day.slice(0, 10)}T00:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';
