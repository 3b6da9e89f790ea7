const pad = (n: number): string => String(n).padStart(2, '0');

/** Local time as 20260122_143005: sorts by name, safe in file names on every system. */
export function fileTimestamp(date: Date = new Date()): string {
  const day = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  return `${day}_${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** products + xlsx → products_20260122_143005.xlsx */
export const timestampedName = (base: string, extension: string, date?: Date): string =>
  `${base}_${fileTimestamp(date)}.${extension}`;
