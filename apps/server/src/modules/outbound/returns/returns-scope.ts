import { RETURN_MESSAGES } from '@wms/contract/returns';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { warehouseAccountScope } from '../../../auth/scope-repository';
import { returns } from '../../../db/schema/returns';

/** Which returns a caller reaches: a manager through the warehouse, a client through an account they own. */
export const returnScopeCondition = (scope: Scope) =>
  warehouseAccountScope(scope, { warehouseId: returns.warehouseId, accountId: returns.accountId });

/** Returns for the access gate: an id out of scope answers 404 exactly like a missing one. */
export const RETURN_RESOURCE: ScopedResource = {
  table: returns,
  id: returns.id,
  scopeCondition: returnScopeCondition,
  notFoundMessage: RETURN_MESSAGES.notFound,
};
