import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** How long after a user's own write their reads still go to the primary (replication lag is well under it). */
export const READ_YOUR_WRITES_MS = 5_000;
/** How often the replica's reachability is checked again (at most once per this interval, on a read). */
const PROBE_INTERVAL_MS = 5_000;

const WRITES = new Set<PropertyKey>(['insert', 'update', 'delete']);

export interface ReadRoutingOptions {
  primary: Database;
  replica: Database;
  warn(message: string, error?: unknown): void;
  now?: () => number;
}

/**
 * Primary/replica routing for DATABASE_READ_URL. Routes keep the one `db` they were given: `db` here is a stand-in
 * that forwards each use to the database chosen for the request running (AsyncLocalStorage), the primary outside a
 * request. The app chooses per request (read-routing-hooks.ts): reads go to the replica unless the replica is down
 * or the signed-in user wrote within READ_YOUR_WRITES_MS. That memory of recent writers is per process: behind a
 * load balancer, a read that lands on another node right after a write may come from the replica.
 */
export class ReadRouting {
  readonly db: Database;
  private readonly current = new AsyncLocalStorage<Database>();
  private readonly recentWriters = new Map<number, number>();
  private replicaUp = true;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private probing: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: ReadRoutingOptions) {
    this.now = options.now ?? Date.now;
    const pick = () => this.current.getStore() ?? options.primary;
    this.db = new Proxy(options.primary, {
      get(_target, property) {
        // A write begun during a replica read (none is known to exist) still goes to the primary.
        const target = WRITES.has(property) ? options.primary : pick();
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** Runs `work` with `db` pointing at `target` (the handler of one request). */
  runWith<T>(target: Database, work: () => T): T {
    return this.current.run(target, work);
  }

  get primary(): Database {
    return this.options.primary;
  }

  /** A user's write: their reads go to the primary until READ_YOUR_WRITES_MS after it. */
  noteWrite(userId: number): void {
    this.recentWriters.set(userId, this.now() + READ_YOUR_WRITES_MS);
  }

  /**
   * A replica read failed with a connection error (the replica died between two checks): reads go to the primary
   * until the next check, PROBE_INTERVAL_MS from now, finds the replica again. Warns once, as a failed check does.
   */
  replicaFailed(error: unknown): void {
    if (this.replicaUp) {
      this.options.warn('read replica failed during a read: retried on the primary; reads fall back to it', error);
    }
    this.replicaUp = false;
    this.checkedAt = this.now();
  }

  /** Where a read of this user (undefined: anonymous) goes. */
  async readTarget(userId: number | undefined): Promise<Database> {
    if (userId !== undefined) {
      const until = this.recentWriters.get(userId);
      if (until !== undefined && until > this.now()) return this.options.primary;
      if (until !== undefined) this.recentWriters.delete(userId);
    }
    if (this.now() - this.checkedAt >= PROBE_INTERVAL_MS) await this.probe();
    return this.replicaUp ? this.options.replica : this.options.primary;
  }

  /** One check at a time; a change of state is logged once (down: warning; back: warning too, for the record). */
  private probe(): Promise<void> {
    this.probing ??= (async () => {
      try {
        await this.options.replica.execute(sql`select 1`);
        if (!this.replicaUp) this.options.warn('read replica reachable again: reads go to it');
        this.replicaUp = true;
      } catch (error) {
        if (this.replicaUp) this.options.warn('read replica unreachable: reads fall back to the primary', error);
        this.replicaUp = false;
      } finally {
        this.checkedAt = this.now();
        this.probing = undefined;
      }
    })();
    return this.probing;
  }
}
