import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { READ_YOUR_WRITES_MS, ReadRouting } from '../src/db/read-routing';

/**
 * A stand-in database: `execute` answers, or fails while `down` is set (the replica unreachable); `insert` says
 * which database it was called on.
 */
const fakeDatabase = (name: string) => {
  const state = { down: false };
  const db = {
    name,
    insert: () => name,
    async execute() {
      if (state.down) throw new Error('connect ECONNREFUSED');
      return { rows: [] };
    },
  } as unknown as Database & { name: string };
  return { db, state };
};

const setup = () => {
  let clock = 1_000_000;
  const primary = fakeDatabase('primary');
  const replica = fakeDatabase('replica');
  const warnings: string[] = [];
  const routing = new ReadRouting({
    primary: primary.db,
    replica: replica.db,
    warn: (message) => warnings.push(message),
    now: () => clock,
  });
  const target = async (userId?: number) => ((await routing.readTarget(userId)) as unknown as { name: string }).name;
  return { routing, replica, warnings, target, advance: (ms: number) => (clock += ms) };
};

describe('read routing (DATABASE_READ_URL)', () => {
  it('sends a user’s reads to the primary for a few seconds after their own write, then to the replica', async () => {
    const { routing, target, advance } = setup();
    routing.noteWrite(7);
    expect(await target(7)).toBe('primary');
    expect(await target(8)).toBe('replica');
    expect(await target(undefined)).toBe('replica');
    advance(READ_YOUR_WRITES_MS - 1);
    expect(await target(7)).toBe('primary');
    advance(1);
    expect(await target(7)).toBe('replica');
  });

  it('falls back to the primary while the replica is unreachable, warning once, and returns to it', async () => {
    const { replica, warnings, target, advance } = setup();
    expect(await target(1)).toBe('replica');
    replica.state.down = true;
    advance(5_000);
    expect(await target(1)).toBe('primary');
    expect(await target(2)).toBe('primary');
    expect(warnings).toEqual(['read replica unreachable: reads fall back to the primary']);
    replica.state.down = false;
    advance(5_000);
    expect(await target(1)).toBe('replica');
    expect(warnings).toHaveLength(2);
  });

  it('a replica that failed during a read is down until the next check, with one warning', async () => {
    const { routing, warnings, target, advance } = setup();
    expect(await target(1)).toBe('replica');
    routing.replicaFailed(new Error('Connection terminated unexpectedly'));
    routing.replicaFailed(new Error('Connection terminated unexpectedly'));
    expect(warnings).toEqual(['read replica failed during a read: retried on the primary; reads fall back to it']);
    advance(4_999);
    expect(await target(1)).toBe('primary');
    advance(1);
    // The check finds the replica reachable (the fake answers): reads go to it again.
    expect(await target(1)).toBe('replica');
    expect(warnings.at(-1)).toBe('read replica reachable again: reads go to it');
  });

  it('its `db` is the primary outside a request and the chosen database inside one; writes stay on the primary', () => {
    const { routing, replica } = setup();
    const name = (db: Database) => (db as unknown as { name: string }).name;
    expect(name(routing.db)).toBe('primary');
    routing.runWith(replica.db, () => {
      expect(name(routing.db)).toBe('replica');
      expect((routing.db.insert as unknown as () => string)()).toBe('primary');
    });
  });
});

describe('DATABASE_READ_URL setting', () => {
  it('is refused without DATABASE_URL (a replica of what?)', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://app@127.0.0.1:5433/wms' })).toThrow(
      'DATABASE_READ_URL: needs DATABASE_URL (the primary)',
    );
  });
});
