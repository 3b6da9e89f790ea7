import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inventories, inventoryMovements } from '../src/db/schema/inventory';
import { createInventory, createProduct } from '../test/support/catalogue';
import { expectLedgerMatchesQuantities } from '../test/support/orders';
import type { TestContext } from '../test/support/test-app';
import { isRealPostgres } from '../test/support/test-database';
import { seedWorld, type World } from '../test/support/world';
import { createPostgresDatabase, type DatabaseEnv, type WithDatabase, withEmbeddedDatabase } from './support/database';
import { httpContext, request } from './support/http-context';
import { type ServerProcess, startServer } from './support/server-process';

/** Writers in flight at once, acknowledged writes before the kill, and a hard cap on requests sent. */
const WRITERS = 4;
const ACKNOWLEDGED_BEFORE_KILL = 40;
const MAX_REQUESTS = 400;
const INITIAL_ON_HAND = 100;

/**
 * Adjustments of +1 stream from several writers; once enough are acknowledged (200), the server is killed with
 * SIGKILL while others are in flight. Resolves with the reasons of every acknowledged adjustment.
 */
async function streamUntilKilled(server: ServerProcess, world: World, inventoryId: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let sent = 0;
  let killing: Promise<void> | undefined;
  const writer = async () => {
    while (sent < MAX_REQUESTS && !killing) {
      const reason = `crash stream ${++sent}`;
      try {
        const answer = await request(server.base, world, 'admin', {
          method: 'POST',
          url: `/api/inventories/${inventoryId}/adjust`,
          payload: { type: 'on_hand', quantity_change: 1, reason },
        });
        expect(answer.statusCode, answer.body).toBe(200);
        acknowledged.push(reason);
      } catch (error) {
        // Connection refused or reset: only acceptable once the kill has begun.
        if (!killing) throw error;
        return;
      }
      if (acknowledged.length === ACKNOWLEDGED_BEFORE_KILL) killing = server.kill();
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  await killing;
  expect(server.child.signalCode).toBe('SIGKILL');
  return acknowledged;
}

async function crashAndRecover(env: DatabaseEnv, withDatabase: WithDatabase) {
  const world = await withDatabase((handle) => seedWorld(handle.db));
  const first = await startServer(env);
  let inventoryId: number;
  let acknowledged: string[];
  try {
    const ctx = httpContext(first.base, undefined as never, world);
    const product = await createProduct(ctx, world.accounts.clientActive);
    ({ id: inventoryId } = await createInventory(ctx, {
      productId: product.id,
      warehouseId: world.warehouses.alpha,
      accountId: world.accounts.clientActive,
      onHand: INITIAL_ON_HAND,
    }));
    acknowledged = await streamUntilKilled(first, world, inventoryId);
  } finally {
    await first.kill();
  }

  // Restarted on the same database (for PGlite: the killed process's lock is stale and taken over).
  const second = await startServer(env);
  try {
    expect((await request(second.base, world, null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const after = await request(second.base, world, 'admin', {
      method: 'POST',
      url: `/api/inventories/${inventoryId}/adjust`,
      payload: { type: 'on_hand', quantity_change: 1, reason: 'crash after restart' },
    });
    expect(after.statusCode, after.body).toBe(200);
  } finally {
    await second.stop();
  }

  await withDatabase(async (handle) => {
    const movements = await handle.db
      .select({ reason: inventoryMovements.reason, delta: inventoryMovements.onHandDelta })
      .from(inventoryMovements)
      .where(and(eq(inventoryMovements.inventoryId, inventoryId), like(inventoryMovements.reason, 'crash %')));
    const stored = movements.map((m) => m.reason);
    // Every acknowledged write is there, once; a write the kill cut off may or may not be, but never twice.
    for (const reason of acknowledged) expect(stored.filter((r) => r === reason)).toHaveLength(1);
    expect(new Set(stored).size).toBe(stored.length);
    const [row] = await handle.db
      .select({ onHand: inventories.quantityOnHand })
      .from(inventories)
      .where(eq(inventories.id, inventoryId));
    expect(row!.onHand).toBe(INITIAL_ON_HAND + movements.length);
    await expectLedgerMatchesQuantities({ handle } as TestContext);
  });
  return acknowledged.length;
}

describe('kill -9 of the server in the middle of a stream of adjustments', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('embedded PGlite: every acknowledged adjustment survives, the ledger holds', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wms-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    expect(await crashAndRecover({ DATA_DIR: dataDir }, withEmbeddedDatabase(dataDir))).toBeGreaterThanOrEqual(
      ACKNOWLEDGED_BEFORE_KILL,
    );
  });

  it.skipIf(!isRealPostgres())('PostgreSQL: every acknowledged adjustment survives, the ledger holds', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    const withDatabase: WithDatabase = (work) => work(database.handle);
    expect(await crashAndRecover({ DATABASE_URL: database.url }, withDatabase)).toBeGreaterThanOrEqual(
      ACKNOWLEDGED_BEFORE_KILL,
    );
  });
});
