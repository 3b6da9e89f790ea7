import { createHash } from 'node:crypto';

/**
 * A stable text of a request's content: object keys sorted, buffers (uploaded files) replaced by their SHA-256, so
 * the same JSON body in another key order, or the same multipart parts under another boundary, read the same.
 */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const hasAny = (params: unknown): params is Record<string, unknown> =>
  params !== null && typeof params === 'object' && Object.keys(params).length > 0;

/**
 * SHA-256 of the route, its path parameters and the request's content: what "the same request" means for an
 * Idempotency-Key. `route` is the route's pattern (`/orders/:id/…`), so the path parameters must be part of it:
 * otherwise one key sent to `/x/1` and then `/x/2` with the same body would replay the first answer
 * for the second resource. Routes without parameters hash as before (keys stored then still match).
 */
export function requestFingerprint(method: string, route: string, params: unknown, content: unknown): string {
  const hash = createHash('sha256').update(`${method} ${route}\n`);
  if (hasAny(params)) hash.update(`params ${JSON.stringify(canonical(params))}\n`);
  return hash.update(JSON.stringify(canonical(content ?? null))).digest('hex');
}
