import type { Account, WarehouseSummary } from '@wms/contract/entities';
import { sql } from 'drizzle-orm';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import { qualified } from '../../../db/qualified';
import { accounts } from '../../../db/schema/accounts';
import { users } from '../../../db/schema/users';

/** Columns of the API's account view; linked warehouses come as one JSON array per row (no N+1). */
export const accountViewColumns = {
  account: accounts,
  userName: users.name,
  warehouses: sql<WarehouseSummary[]>`coalesce((
    select json_agg(json_build_object('id', w.id, 'name', w.name, 'code', w.code, 'city', w.city, 'state', w.state)
      order by w.name, w.id)
    from account_warehouses aw join warehouses w on w.id = aw.warehouse_id
    where aw.account_id = ${qualified(accounts.id)}), '[]'::json)`,
};

/**
 * The account as `scope` may see it: a manager reaches an account through a warehouse they share with it, and sees
 * only those of its warehouses that are theirs (not where else the client keeps stock). Owners and admins see all.
 */
export function accountWithinScope(account: Account, scope: Scope): Account {
  if (scope.kind !== 'warehouses') return account;
  const warehouses = account.warehouses.filter((w) => canSeeWarehouse(scope, w.id));
  return {
    ...account,
    warehouses,
    warehouse_ids: warehouses.map((w) => w.id),
    warehouse_name: warehouses.map((w) => w.name).join(', ') || null,
  };
}

export function toAccountView(row: {
  account: typeof accounts.$inferSelect;
  userName: string;
  warehouses: WarehouseSummary[];
}): Account {
  const { account, warehouses } = row;
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    account_type: account.accountType,
    user_id: account.userId,
    user_name: row.userName,
    warehouse_ids: warehouses.map((w) => w.id),
    warehouses,
    warehouse_name: warehouses.map((w) => w.name).join(', ') || null,
    billing_address: account.billingAddress,
    payment_terms_days: account.paymentTermsDays,
    min_remaining_shelf_life_days: account.minRemainingShelfLifeDays,
    allow_partial_shipment: account.allowPartialShipment,
    allow_lot_substitution: account.allowLotSubstitution,
    gs1_company_prefix: account.gs1CompanyPrefix,
    require_label: account.requireLabel,
    has_logo: account.logoFileId !== null,
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}
