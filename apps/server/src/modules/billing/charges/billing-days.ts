import { addDays } from '@wms/contract/billing';

/**
 * Billing days across time zones. A billing day is a calendar date in a warehouse's zone, so "today"
 * differs between warehouses: these helpers answer the money rules with the zone where the date is latest to
 * change — a period has ended only once its last day is over everywhere, and a rate may only start on a day that has
 * not begun anywhere.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of an instant in an IANA zone. */
export function localDate(zone: string, now: Date): string {
  let format = formatters.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  return format.format(now);
}

/** Without any warehouse, UTC's day counts. */
const zonesOrUtc = (zones: readonly string[]) => (zones.length > 0 ? zones : ['UTC']);

/** The latest "today" among the zones: the date that is already today somewhere. */
export const latestToday = (zones: readonly string[], now: Date): string =>
  zonesOrUtc(zones)
    .map((zone) => localDate(zone, now))
    .reduce((a, b) => (a > b ? a : b));

/** The earliest "today" among the zones: the date that is still today somewhere. */
export const earliestToday = (zones: readonly string[], now: Date): string =>
  zonesOrUtc(zones)
    .map((zone) => localDate(zone, now))
    .reduce((a, b) => (a < b ? a : b));

/** A period ending on `to` is over once `to` is a past date in every zone (its last day ended in the latest zone). */
export const periodHasEnded = (to: string, zones: readonly string[], now: Date): boolean =>
  to < earliestToday(zones, now);

/** The first date a new rate may take effect: tomorrow in every zone, i.e. the day after the latest "today". */
export const firstFutureDay = (zones: readonly string[], now: Date): string => addDays(latestToday(zones, now), 1);
