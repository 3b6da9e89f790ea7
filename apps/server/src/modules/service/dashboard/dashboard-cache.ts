/**
 * A short-lived, per-process memory of the dashboard's chart aggregates (top accounts, top products, the orders
 * series): sums over every day of the timeframe that cost tens of milliseconds at a million orders, read by every
 * dashboard load of the same scope, and fine to show up to DASHBOARD_CACHE_SECONDS old (the stat cards stay live).
 * Concurrent misses of one key share one computation; a failed computation is not kept.
 */
export class DashboardCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evictExpiredOrOldest(now);
    const value = compute();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  private evictExpiredOrOldest(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
