import type { FastifyInstance } from 'fastify';
import { useListCountCache } from '../db/paging';
import type { CountedTotal } from './pagination';

interface Entry {
  total: CountedTotal;
  until: number;
}

/**
 * Per-process memory of list totals for a few seconds (LIST_COUNT_CACHE_SECONDS), so turning pages, sorting, and
 * ten people on the same list count once instead of on every page. A capped count walks up to LIST_COUNT_CAP
 * matching rows (13 000–17 000 buffers for the orders list at a million orders: 15–70× the page's own rows), so
 * counting with every page made the total, not the page, the cost of a list.
 *
 * Keys are the count statement itself (its SQL and parameters), which holds everything that decides the answer:
 * the caller's scope (accounts, warehouses), the filters, the search and how deep the page counts. So a cached
 * total can only be reused by a request whose count would read exactly the same rows — a client never sees a total
 * counted for another client's scope.
 *
 * Why it stays correct:
 * - on this process, every write request empties it before its answer leaves (`invalidate`): a created, deleted or
 *   changed order, product or shipment shows in the totals of the very next request;
 * - on every other process (or a direct write to the database), an entry lives at most the TTL;
 * - a count that started before an invalidation is not stored (`generation`): it may have missed the write.
 * At most `maxEntries`, oldest dropped.
 */
export class ListCountCache {
  private readonly entries = new Map<string, Entry>();
  private currentGeneration = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken before counting; `set` ignores the count if an invalidation happened since. */
  get generation(): number {
    return this.currentGeneration;
  }

  get(key: string): CountedTotal | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.total;
  }

  set(key: string, total: CountedTotal, countGeneration: number): void {
    if (!this.enabled || countGeneration !== this.currentGeneration) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { total, until: this.now() + this.ttlMs });
  }

  /** Forget every total: something was written that may add rows to a list or take them away. */
  invalidate(): void {
    this.currentGeneration++;
    this.entries.clear();
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The app's lists reuse their totals from `cache` when counting through `db` (the routes' executor); every write
 * request empties it before its answer leaves, so the caller's next list (and everyone's) counts afresh.
 */
export function reuseListTotals(app: FastifyInstance, db: object, cache: ListCountCache): void {
  if (!cache.enabled) return;
  useListCountCache(db, cache);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) cache.invalidate();
    return payload;
  });
}
