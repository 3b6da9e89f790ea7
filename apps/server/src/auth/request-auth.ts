import type { Permission } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import { allows, type PolicyRule } from '@wms/contract/policy';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { forbidden, unauthenticated } from '../http/errors';
import { narrowScopeToAccount, resolveScope, type Scope } from './scope';

/** The API key a request authenticated with; absent for a sign-in token. */
export interface RequestApiKey {
  id: number;
  /** Null: the creator's whole scope. */
  accountId: number | null;
}

/** The signed-in caller of one request. Scope is resolved on first use and then kept for the request. */
export class RequestAuth {
  private scopePromise: Promise<Scope> | undefined;

  /**
   * `user` is the signed-in user, or for an API key its creator with only the permissions both hold (a permission
   * the creator's role loses later is lost by the key too); `tokenId` is 0 for an API key.
   */
  constructor(
    readonly user: User,
    readonly tokenId: number,
    private readonly db: Executor,
    readonly apiKey: RequestApiKey | null = null,
  ) {}

  /** Who "the caller" is for per-caller records (idempotency keys): a user, or one of their API keys. */
  get callerKey(): string {
    return this.apiKey ? `key:${this.apiKey.id}` : `user:${this.user.id}`;
  }

  can(permission: Permission): boolean {
    return this.user.permissions.includes(permission);
  }

  /** A role rule of the policy table (contract/policy.ts), which no permission grant overrides. */
  allows(rule: PolicyRule): boolean {
    return allows(this.user.role, rule);
  }

  /** 403 (with the spec's message when there is one) unless the caller's role is allowed the rule. */
  require(rule: PolicyRule, message?: string): void {
    if (!this.allows(rule)) throw forbidden(message);
  }

  scope(): Promise<Scope> {
    this.scopePromise ??= this.resolveScope();
    return this.scopePromise;
  }

  private async resolveScope(): Promise<Scope> {
    const scope = await resolveScope(this.db, this.user);
    const accountId = this.apiKey?.accountId;
    return accountId ? narrowScopeToAccount(this.db, scope, accountId) : scope;
  }

  /** After a write that changes what the caller reaches (a client creating an account): resolve it again. */
  rescope(): Promise<Scope> {
    this.scopePromise = undefined;
    return this.scope();
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on every non-public route. */
    auth: RequestAuth | null;
  }
}

/** For handlers of non-public routes: the hook guarantees it is there. */
export function requireAuth(auth: RequestAuth | null): RequestAuth {
  if (!auth) throw unauthenticated();
  return auth;
}

/**
 * Route hook (onRequest, so before body validation: a caller who may never do this gets 403, not field errors)
 * for a role rule of the policy table, e.g. shared master data that staff keep for everyone (shippers): the
 * permission alone is not enough, because clients hold the shipments permissions their inbound shipments need.
 */
export const requireRule =
  (rule: PolicyRule, message?: string) =>
  async (request: FastifyRequest): Promise<void> =>
    requireAuth(request.auth).require(rule, message);
