import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkOutboundUrl, type OutboundUrlPolicy } from './outbound-url';

export interface WebhookPostResult {
  /** null: no HTTP answer (refused by the guard, timeout, connection error). */
  statusCode: number | null;
  durationMs: number;
  /** The first 1 KB of the answer's body (never more is kept). */
  body: string | null;
  error: string | null;
}

export type WebhookPoster = (url: string, headers: Record<string, string>, body: string) => Promise<WebhookPostResult>;

const BODY_KEEP_BYTES = 1024;

/**
 * POSTs one signed webhook through the outbound-address guard, connected to the checked address. Redirects are
 * not followed (a 3xx is a failed attempt, as the Standard Webhooks spec says); the whole exchange has a deadline
 * (10 s); only the first 1 KB of the answer is read and kept.
 */
export function createWebhookPoster(policy: OutboundUrlPolicy & { timeoutMs?: number }): WebhookPoster {
  const timeoutMs = policy.timeoutMs ?? 10_000;
  return async (rawUrl, headers, body) => {
    const started = performance.now();
    const done = (partial: Omit<WebhookPostResult, 'durationMs'>): WebhookPostResult => ({
      ...partial,
      durationMs: Math.round(performance.now() - started),
    });
    const checked = await checkOutboundUrl(rawUrl, policy);
    if (!checked.ok) return done({ statusCode: null, body: null, error: `refused: ${checked.reason}` });
    const pinned = checked.address;
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = checked.url.protocol === 'https:' ? https : http;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const answer = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
        const request = client.request(
          checked.url,
          {
            method: 'POST',
            lookup,
            signal,
            agent: false,
            headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let kept = 0;
            response.on('data', (chunk: Buffer) => {
              if (kept < BODY_KEEP_BYTES) {
                chunks.push(chunk.subarray(0, BODY_KEEP_BYTES - kept));
                kept += Math.min(chunk.length, BODY_KEEP_BYTES - kept);
              } else response.destroy();
            });
            const finish = () =>
              resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
            response.on('end', finish);
            response.on('close', finish);
            response.on('error', finish);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      // NUL cannot be stored in a text column; the rest is kept as the receiver sent it.
      const kept = answer.body.replaceAll('\u0000', '').slice(0, BODY_KEEP_BYTES);
      return done({ statusCode: answer.statusCode, body: kept, error: null });
    } catch (error) {
      const message = signal.aborted ? 'timeout' : error instanceof Error ? error.message : 'request failed';
      return done({ statusCode: null, body: null, error: message.slice(0, 200) });
    }
  };
}
