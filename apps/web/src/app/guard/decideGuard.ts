import type { Permission, RoleName } from '@wms/contract/access';

/** What the guard needs to know about the session; derived from the session store. */
export interface GuardSession {
  authenticated: boolean;
  role: RoleName | null;
  permissions: readonly string[];
  hasSelectedAccount: boolean;
}

/** What the guard needs to know about a route; carried as the route's `handle` (see routeTable.ts). */
export interface GuardRoute {
  permission?: Permission;
  /** The account pages (list, create, edit) must be reachable before an account exists or is chosen. */
  skipAccountCheck?: boolean;
}

export type GuardDecision = 'login' | 'select-account' | 'forbidden' | 'ok';

/** Spec 1 §2.3, in its order: authentication, then a client's account selection, then the route's permission. */
export function decideGuard(session: GuardSession, route: GuardRoute): GuardDecision {
  if (!session.authenticated) return 'login';
  if (session.role === 'client' && !session.hasSelectedAccount && !route.skipAccountCheck) return 'select-account';
  if (route.permission && !session.permissions.includes(route.permission)) return 'forbidden';
  return 'ok';
}
