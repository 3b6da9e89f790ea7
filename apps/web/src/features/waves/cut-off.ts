/** Minutes since midnight of an 'HH:MM' or 'HH:MM:SS' local time, or null for anything else. */
export function minutesOf(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * '45 min left', '2 h 10 min left', or 'passed 20 min ago': what the release screen says beside a shipper's
 * cut-off, both times being the warehouse's local time (the server answers its `now_local`).
 */
export function cutOffDistance(cutOff: string | null | undefined, nowLocal: string | null | undefined): string | null {
  const at = minutesOf(cutOff);
  const now = minutesOf(nowLocal);
  if (at === null || now === null) return null;
  const gap = Math.abs(at - now);
  const span = gap >= 60 ? `${Math.floor(gap / 60)} h${gap % 60 ? ` ${gap % 60} min` : ''}` : `${gap} min`;
  return now >= at ? `passed ${span} ago` : `${span} left`;
}
