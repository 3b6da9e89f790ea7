import type { Executor } from '../db/client';
import { isApiKeyLive } from './api-keys-repository';
import type { RequestAuth } from './request-auth';
import { isTokenLive } from './tokens-repository';

/**
 * Whether the credential a request authenticated with still holds: its sign-in token not revoked
 * (sign-out, password change, session revoke) nor expired, or its API key not revoked nor expired. Read from the
 * database, so a revocation made through any API process is seen by every other. For long-lived answers (the live
 * stream) that must not outlive their credential; ordinary requests are checked as they arrive.
 */
export function isCredentialLive(db: Executor, auth: RequestAuth, now: Date = new Date()): Promise<boolean> {
  return auth.apiKey ? isApiKeyLive(db, auth.apiKey.id, now) : isTokenLive(db, auth.tokenId, now);
}
