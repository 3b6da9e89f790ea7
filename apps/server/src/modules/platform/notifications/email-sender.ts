import { NOTIFICATION_MESSAGES } from '@wms/contract/notifications';
import nodemailer from 'nodemailer';
import { createPollingLoop } from '../../../background/polling-loop';
import type { Database } from '../../../db/client';
import { claimDueEmails, markEmailFailed, markEmailSent } from './email-outbox-repository';

/** Waits after the 1st, 2nd… failed attempt; after the last, the e-mail is given up (status failed, logged). */
export const EMAIL_RETRY_SCHEDULE_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
const BATCH = 20;
const STOP_WAIT_MS = 5_000;

export interface EmailSenderOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  /** The app's public address: links in e-mails are made absolute with it. */
  appUrl: string;
  leaseMs?: number;
  pollMs?: number;
  clock?: () => Date;
  onError?: (error: unknown, emailId?: number) => void;
}

/**
 * Sends queued notification e-mails after the changes that queued them committed (never inside their
 * transaction, so a slow or broken mail server never slows or fails a request). At least once: a send cut off by a
 * crash is sent again when its lease runs out. Every API process may run one; claims never overlap.
 */
export function createEmailSender(options: EmailSenderOptions) {
  const clock = options.clock ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 60_000;
  const transport = nodemailer.createTransport(options.smtpUrl);
  const absolute = (link: string | null) => (link ? new URL(link, options.appUrl).toString() : null);

  async function send(email: Awaited<ReturnType<typeof claimDueEmails>>[number]) {
    const link = absolute(email.link);
    try {
      await transport.sendMail({
        from: options.from,
        to: email.toAddress,
        subject: email.subject,
        text: [email.body, link ? `Open it: ${link}` : '', '—', NOTIFICATION_MESSAGES.emailFooter]
          .filter(Boolean)
          .join('\n\n'),
      });
      await markEmailSent(options.db, email.id, clock());
    } catch (error) {
      const wait = EMAIL_RETRY_SCHEDULE_MS[email.attempts - 1];
      const retryAt = wait === undefined ? null : new Date(clock().getTime() + wait);
      options.onError?.(error, email.id);
      await markEmailFailed(options.db, email.id, error instanceof Error ? error.message : String(error), retryAt);
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await claimDueEmails(options.db, clock(), leaseMs, BATCH);
    await Promise.all(claimed.map(send));
    return claimed.length;
  }

  const loop = createPollingLoop({
    round: async () => (await runOnce()) > 0,
    pollMs: options.pollMs ?? 2000,
    stopWaitMs: STOP_WAIT_MS,
    onError: (error) => options.onError?.(error),
  });

  return {
    runOnce,
    start: loop.start,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
