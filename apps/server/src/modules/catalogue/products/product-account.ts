import { PRODUCT_MESSAGES } from '@wms/contract/products';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../http/errors';
import { isAccountInScope } from './products-repository';

/**
 * The account a product is written to. Clients: the account they sent (their selection) if they own it, else
 * their only account. Staff: the account they chose, which must be in their scope. An account out of reach
 * answers the same message as a missing one, so ids of other clients' accounts reveal nothing.
 */
export async function resolveProductAccount(
  db: Executor,
  auth: RequestAuth,
  requested: number | null,
  field = 'account_id',
  requiredMessage: string = PRODUCT_MESSAGES.accountRequired,
): Promise<number> {
  const scope = await auth.scope();
  if (scope.kind === 'accounts') {
    const accountId = requested ?? (scope.accountIds.length === 1 ? scope.accountIds[0] : undefined);
    if (accountId === undefined) throw fieldError(field, requiredMessage);
    if (!scope.accountIds.includes(accountId)) throw fieldError(field, PRODUCT_MESSAGES.accountInvalid);
    return accountId;
  }
  if (requested === null) throw fieldError(field, requiredMessage);
  if (!(await isAccountInScope(db, scope, requested))) throw fieldError(field, PRODUCT_MESSAGES.accountInvalid);
  return requested;
}
