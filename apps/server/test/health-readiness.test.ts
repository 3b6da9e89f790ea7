import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/health/ready (readiness, apart from liveness)', () => {
  it('is ready when the database answers and has every migration this build ships', async () => {
    const res = await ctx.as(null, { method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok' });
  });

  it('is not ready while the newest migration is missing (another node still migrating), yet stays alive', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const [removed] = (
      (await ctx.handle.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const res = await ctx.as(null, { method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'ok', migrations: 'pending' });
      expect((await ctx.as(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed!.hash}, ${removed!.created_at})`,
      );
    }
  });
});
