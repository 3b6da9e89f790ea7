import { ACCOUNT_MESSAGES } from '@wms/contract/accounts';
import type { SQL } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import { accounts } from '../../../db/schema/accounts';

/** Accounts a caller reaches: a client those they own, a manager those linked to their warehouses, admins all. */
export const accountScopeCondition = (scope: Scope): SQL | undefined => accountCondition(scope, accounts.id);

/** Accounts for the access gate (`requireAccess`): routes nested under an account and other modules ask it. */
export const accountResource: ScopedResource = {
  table: accounts,
  id: accounts.id,
  scopeCondition: accountScopeCondition,
  notFoundMessage: ACCOUNT_MESSAGES.notFound,
};
