import { PRODUCT_MESSAGES } from '@wms/contract/products';
import type { SQL } from 'drizzle-orm';
import type { ScopedResource } from '../../../auth/access-gate';
import type { Scope } from '../../../auth/scope';
import { accountCondition } from '../../../auth/scope-repository';
import { products } from '../../../db/schema/products';

/** Products a caller reaches: those of the accounts in their scope. */
export const productScopeCondition = (scope: Scope): SQL | undefined => accountCondition(scope, products.accountId);

/** Products for the access gate (`requireAccess`): order lines and copies ask it by id or id set. */
export const productResource: ScopedResource = {
  table: products,
  id: products.id,
  scopeCondition: productScopeCondition,
  notFoundMessage: PRODUCT_MESSAGES.notFound,
};
