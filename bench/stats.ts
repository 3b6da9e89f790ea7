/** Summaries of a bench's timings (ms): the nearest-rank percentile and one line per measured name. */

/** The p-th (0–1) nearest-rank percentile of ascending values. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

/** "p50 … ms, p95 … ms, max … ms" (the median is p50). */
export function summary(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (n: number) => Math.round(n);
  return `p50 ${ms(percentile(sorted, 0.5))} ms, p95 ${ms(percentile(sorted, 0.95))} ms, max ${ms(sorted.at(-1)!)} ms`;
}

/** Every name's summary, for a bench's JSON output. */
export const summaries = (times: Record<string, number[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(times).map(([name, values]) => [name, summary(values)]));
