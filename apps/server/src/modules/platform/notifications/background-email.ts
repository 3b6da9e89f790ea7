import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { createEmailSender } from './email-sender';

/** The e-mail sender as a background loop of this API process, when SMTP_URL is set. */
export function runEmailSender(app: FastifyInstance, db: Database, config: Config): void {
  if (!config.SMTP_URL) return;
  const sender = createEmailSender({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.SMTP_FROM,
    appUrl: config.APP_URL,
    pollMs: config.EMAIL_POLL_MS,
    onError: (error, emailId) => app.log.error({ err: error, emailId }, 'notification e-mail not sent'),
  });
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
}
