/** How a shipper's cut-off stands for today's orders: passed (late), within the hour (at risk), or later. */
export type CutOffState = 'late' | 'at_risk' | 'on_time' | 'none';

/** Minutes since midnight of an 'HH:MM' or 'HH:MM:SS' local time, or null for anything else. */
export function minutesOf(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** The wall-clock minutes of `now` in a warehouse's IANA time zone: cut-offs are local times of the warehouse. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** Within this many minutes before the cut-off, today's unpicked orders are at risk (amber). */
export const AT_RISK_MINUTES = 60;

export function cutOffState(cutOff: string | null | undefined, nowMinutes: number): CutOffState {
  const at = minutesOf(cutOff);
  if (at === null) return 'none';
  if (nowMinutes >= at) return 'late';
  return at - nowMinutes <= AT_RISK_MINUTES ? 'at_risk' : 'on_time';
}

/** '45 min left', '2 h 10 min left', or 'passed 20 min ago': what the release screen says beside a cut-off. */
export function cutOffDistance(cutOff: string | null | undefined, nowMinutes: number): string | null {
  const at = minutesOf(cutOff);
  if (at === null) return null;
  const gap = Math.abs(at - nowMinutes);
  const span = gap >= 60 ? `${Math.floor(gap / 60)} h${gap % 60 ? ` ${gap % 60} min` : ''}` : `${gap} min`;
  return nowMinutes >= at ? `passed ${span} ago` : `${span} left`;
}
