import type { User } from '@wms/contract/entities';

/** What a bearer token resolved to: its row and its user's view (roles, permissions), as the auth hook needs them. */
export interface SignedIn {
  tokenId: number;
  user: User;
}

interface Entry {
  value: SignedIn;
  /** Clock time after which the entry is not used: the TTL, or the token's absolute expiry if that comes first. */
  until: number;
}

/**
 * Per-process memory of token → signed-in user for a few seconds (AUTH_CACHE_SECONDS), so a burst of requests with
 * one token costs no token or user lookup after the first (those two statements were a third of an orders
 * page's CPU). Why it stays correct:
 * - on this process, every successful write request empties it (`invalidate`): a logout, a revoked session, a
 *   password change, a role or permission edit, a deleted user take effect on the very next request;
 * - on every other process, an entry lives at most the TTL, so a token revoked or a user deleted or changed
 *   through another node is refused (or seen changed) within AUTH_CACHE_SECONDS;
 * - a lookup that started before an invalidation is not stored (`generation`), so a change committed while it ran
 *   cannot be cached as its old value.
 * Keys are the tokens' sha256 hashes (the plain values stay with the clients). At most `maxEntries`, oldest dropped.
 */
export class SignedInCache {
  private readonly entries = new Map<string, Entry>();
  private currentGeneration = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken before a lookup; `set` ignores the result if an invalidation happened since. */
  get generation(): number {
    return this.currentGeneration;
  }

  get(tokenHash: string): SignedIn | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.now() >= entry.until) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.value;
  }

  set(tokenHash: string, value: SignedIn, tokenExpiresAt: Date, lookupGeneration: number): void {
    if (!this.enabled || lookupGeneration !== this.currentGeneration) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { value, until: Math.min(this.now() + this.ttlMs, tokenExpiresAt.getTime()) });
  }

  /** Forget everything: something that may change who a token is, or what they may do, was written. */
  invalidate(): void {
    this.currentGeneration++;
    this.entries.clear();
  }
}
