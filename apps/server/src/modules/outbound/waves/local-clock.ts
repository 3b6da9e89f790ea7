/** The warehouse's local calendar day and time of day (cut-offs are local times). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, now: Date) {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** YYYY-MM-DD in the zone. */
export const localDay = (zone: string, now: Date): string => partsIn(zone, now).day;
/** HH:MM (24 h) in the zone. */
export const localTime = (zone: string, now: Date): string => partsIn(zone, now).time;

/** Minutes from `from` to `to` (HH:MM, same day): negative once `to` has passed. */
export const minutesUntil = (from: string, to: string): number => {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return minutes(to) - minutes(from);
};
