import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';

export interface ClaimedEmail {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  link: string | null;
  attempts: number;
}

/**
 * Claims due e-mails for one sending round: rows no other process holds (SKIP LOCKED) get a lease and one more
 * attempt counted before anything is sent, so a crash mid-send is retried when the lease runs out, never lost.
 */
export async function claimDueEmails(db: Executor, now: Date, leaseMs: number, limit: number) {
  const result = (await db.execute(sql`
    update notification_emails e set locked_until = ${new Date(now.getTime() + leaseMs)}, attempts = e.attempts + 1
    where e.id in (
      select id from notification_emails
      where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by id
      limit ${limit}
      for update skip locked)
    returning e.id, e.to_address as "toAddress", e.subject, e.body, e.link, e.attempts`)) as unknown as {
    rows: ClaimedEmail[];
  };
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function markEmailSent(db: Executor, id: number, now: Date): Promise<void> {
  await db.execute(sql`
    update notification_emails set status = 'sent', sent_at = ${now}, locked_until = null, last_error = null
    where id = ${id}`);
}

/** A failed attempt: again at `retryAt`, or given up (status failed) when there is none. */
export async function markEmailFailed(db: Executor, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db.execute(sql`
    update notification_emails
    set status = ${retryAt ? 'pending' : 'failed'}, next_attempt_at = coalesce(${retryAt}, next_attempt_at),
      locked_until = null, last_error = ${error.slice(0, 1000)}
    where id = ${id}`);
}
