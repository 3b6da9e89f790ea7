import { isStaffRole, type Permission } from '@wms/contract/access';
import type { User } from '@wms/contract/entities';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { forbidden, unauthenticated } from '../http/errors';
import { resolveScope, type Scope } from './scope';

/** The signed-in caller of one request. Scope is resolved on first use and then kept for the request. */
export class RequestAuth {
  private scopePromise: Promise<Scope> | undefined;

  constructor(
    readonly user: User,
    readonly tokenId: number,
    private readonly db: Executor,
  ) {}

  can(permission: Permission): boolean {
    return this.user.permissions.includes(permission);
  }

  scope(): Promise<Scope> {
    this.scopePromise ??= resolveScope(this.db, this.user);
    return this.scopePromise;
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

export function requirePermission(auth: RequestAuth, permission: Permission): void {
  if (!auth.can(permission)) throw forbidden();
}

/**
 * Route hook for shared master data that staff keep for everyone (e.g. shippers): the permission alone is not
 * enough, because clients hold the shipments permissions their own inbound shipments need.
 */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!isStaffRole(requireAuth(request.auth).user.role)) throw forbidden();
}
