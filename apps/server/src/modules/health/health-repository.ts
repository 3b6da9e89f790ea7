import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** Resolves when the database answers a trivial query; rejects when it is unreachable. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
