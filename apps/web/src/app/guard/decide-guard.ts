import type { Permission, RoleName } from '@wms/contract/access';
import { allows } from '@wms/contract/policy';

/** What the guard needs to know about the session; derived from the session store. */
export interface GuardSession {
  authenticated: boolean;
  role: RoleName | null;
  permissions: readonly string[];
  hasSelectedAccount: boolean;
  /** The user still signs in with the fixed initial password: they must change it first. */
  mustChangePassword?: boolean;
}

/** What the guard needs to know about a route; carried as the route's `handle` (see routeTable.ts). */
export interface GuardRoute {
  permission?: Permission;
  /** The account pages (list, create, edit) must be reachable before an account exists or is chosen. */
  skipAccountCheck?: boolean;
  /** The page where the password is changed (/setting): the only one open to a user who must change it. */
  changesPassword?: boolean;
}

export type GuardDecision = 'login' | 'change-password' | 'select-account' | 'forbidden' | 'ok';

/**
 * Spec 1 §2.3, in its order: authentication, then a client's account selection, then the route's permission.
 * Between authentication and the rest: a user with the initial password goes to /setting until they change it
 * (before the account check, since a new client has no account yet and /setting needs none for this).
 */
export function decideGuard(session: GuardSession, route: GuardRoute): GuardDecision {
  if (!session.authenticated) return 'login';
  if (session.mustChangePassword) return route.changesPassword ? 'ok' : 'change-password';
  if (
    session.role !== null &&
    allows(session.role, 'workInSelectedAccount') &&
    !session.hasSelectedAccount &&
    !route.skipAccountCheck
  )
    return 'select-account';
  if (route.permission && !session.permissions.includes(route.permission)) return 'forbidden';
  return 'ok';
}
