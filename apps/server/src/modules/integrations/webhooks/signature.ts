import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers for one attempt: `webhook-signature` is `v1,` + base64 HMAC-SHA256, keyed with the
 * secret's bytes, over `<webhook-id>.<webhook-timestamp>.<body>`. The timestamp is the attempt's (seconds), so a
 * receiver's replay window applies to each attempt; the id stays the same in every attempt of a delivery.
 */
export function signWebhook(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
