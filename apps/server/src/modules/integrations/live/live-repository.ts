import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

/** The LISTEN/NOTIFY channel of the live stream. */
export const LIVE_CHANNEL = 'wms_live';

/**
 * NOTIFY in the caller's transaction: PostgreSQL (and PGlite) deliver it to listeners only when the transaction
 * commits, and never for a rolled-back one — so the stream only reports committed changes.
 */
export async function notifyLive(db: Executor, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  const values = sql.join(
    payloads.map((payload) => sql`(${payload}::text)`),
    sql`, `,
  );
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, v.payload) from (values ${values}) as v(payload)`);
}
