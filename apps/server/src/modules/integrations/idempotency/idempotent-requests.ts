import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_WINDOW_HOURS,
  IDEMPOTENT_REPLAY_HEADER,
} from '@wms/contract/idempotency';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { conflict, validationError } from '../../../http/errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  pruneExpiredIdempotencyKeys,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from './idempotency-repository';
import { requestFingerprint } from './request-fingerprint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Honours an `Idempotency-Key` header. `json`: the hook claims the key from the validated body before
     * the handler runs; `multipart`: the handler reads its parts, then calls `beginIdempotentRequest` with them.
     */
    idempotent?: 'json' | 'multipart';
  }
  interface FastifyRequest {
    /** The key this request owns while it does the work; its answer is stored when it is sent. */
    idempotencyClaim: { id: number; settled: boolean } | null;
  }
}

/** How long a duplicate waits for the first request's answer before answering 409 (an import takes seconds). */
const WAIT_FOR_FIRST_MS = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before the work of an idempotent write: without the header, nothing happens. With it, this request either claims
 * the key (and does the work; its answer is stored when sent), or answers the stored answer of the first request
 * with the same key and content ('replayed': the caller returns the reply), waiting while that one is in progress —
 * polling the row, because the first may be running on another API process. The same key with other content is
 * refused (422).
 */
export async function beginIdempotentRequest(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  content: unknown,
): Promise<'proceed' | 'replayed'> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return 'proceed';
  const key = Array.isArray(header) ? undefined : header;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw validationError({ idempotency_key: [IDEMPOTENCY_MESSAGES.keyInvalid] });
  }
  const caller = requireAuth(request.auth).callerKey;
  const route = request.routeOptions.url ?? request.url;
  const fingerprint = requestFingerprint(request.method, route, request.params, content);
  await pruneExpiredIdempotencyKeys(db);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
    const expiresAt = new Date(Date.now() + IDEMPOTENCY_WINDOW_HOURS * 3_600_000);
    const claimed = await claimIdempotencyKey(db, { caller, key, fingerprint, expiresAt });
    if (claimed !== undefined) {
      request.idempotencyClaim = { id: claimed, settled: false };
      return 'proceed';
    }
    const first = await findIdempotencyKey(db, caller, key);
    // Gone between the two statements: the first request failed on the server's side and gave the key up.
    if (!first) continue;
    if (first.fingerprint !== fingerprint) {
      throw validationError({ idempotency_key: [IDEMPOTENCY_MESSAGES.keyReused] });
    }
    if (first.responseStatus !== null) {
      reply.status(first.responseStatus).header(IDEMPOTENT_REPLAY_HEADER, 'true').send(first.responseBody);
      return 'replayed';
    }
    if (Date.now() > deadline) throw conflict(IDEMPOTENCY_MESSAGES.stillInProgress);
    await pause(wait);
  }
}

/**
 * Stores the answer of a request that owns its key, as it is sent. Answers below 500 are kept and replayed (a 4xx
 * the work decided — an out-of-scope order, a refused import — is that request's answer, and the work rolled back
 * with it); a 5xx releases the key, since it says nothing about the request and nothing was committed.
 */
export async function settleIdempotentRequest(
  db: Executor,
  request: FastifyRequest,
  status: number,
  body: unknown,
): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim || claim.settled) return;
  claim.settled = true;
  try {
    if (status >= 500) await releaseIdempotencyKey(db, claim.id);
    else await storeIdempotentAnswer(db, claim.id, status, body);
  } catch (error) {
    request.log.error({ err: error }, 'could not record the answer of an idempotent request');
    await releaseIdempotencyKey(db, claim.id).catch(() => undefined);
  }
}

/** A request that ended without a stored answer (no serialised body, an aborted connection) gives its key up. */
export async function abandonIdempotentRequest(db: Executor, request: FastifyRequest): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim || claim.settled) return;
  claim.settled = true;
  await releaseIdempotencyKey(db, claim.id).catch(() => undefined);
}
