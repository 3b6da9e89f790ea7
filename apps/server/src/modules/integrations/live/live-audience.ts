import { type ActivityKind, STAFF_ONLY_ACTIVITY_KINDS } from '@wms/contract/activity';
import type { Scope } from '../../../auth/scope';
import type { LiveNotice } from './live-notices';

const overlaps = (a: readonly number[], b: readonly number[]) => a.some((id) => b.includes(id));

/**
 * Whether a caller may hear of a change: the rule the activity feed applies in SQL (activityScopeCondition), here
 * per notice — admins everything; managers changes touching one of their warehouses; clients (and account-bound
 * API keys) changes of one of their accounts, and not the staff-only kinds (inquiry assignments).
 */
export function mayHear(scope: Scope, notice: LiveNotice): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'warehouses') return overlaps(notice.warehouseIds, scope.warehouseIds);
  if (STAFF_ONLY_ACTIVITY_KINDS.includes(notice.kind as ActivityKind)) return false;
  return overlaps(notice.accountIds, scope.accountIds);
}
