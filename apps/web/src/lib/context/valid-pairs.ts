import type { Account, Warehouse } from '@wms/contract/entities';

/**
 * The working context's one rule for pickers: offer only pairs that can hold data together — an active account
 * and an active warehouse that are linked. Everything here is pure so screens and tests share it.
 */
type AccountLike = Pick<Account, 'status' | 'warehouse_ids'>;

export const isActiveAccount = (account: Pick<Account, 'status'>): boolean => account.status === 'active';
export const isActiveWarehouse = (warehouse: Pick<Warehouse, 'is_active'>): boolean => warehouse.is_active;

/** An account linked to the warehouse (no warehouse chosen = no narrowing). */
export const isLinked = (account: Pick<Account, 'warehouse_ids'>, warehouseId: number | null | undefined): boolean =>
  warehouseId === null || warehouseId === undefined || account.warehouse_ids.includes(warehouseId);

/** Active accounts linked to the warehouse, by name. */
export function accountsForWarehouse<T extends AccountLike & { name: string }>(
  accounts: readonly T[],
  warehouseId: number | null | undefined,
): T[] {
  return accounts
    .filter((account) => isActiveAccount(account) && isLinked(account, warehouseId))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Active warehouses the account is linked to (no account = every active warehouse), by name. */
export function warehousesForAccount<T extends Pick<Warehouse, 'id' | 'is_active' | 'name'>>(
  warehouses: readonly T[],
  account: Pick<Account, 'warehouse_ids'> | null | undefined,
): T[] {
  return warehouses
    .filter((warehouse) => isActiveWarehouse(warehouse) && (!account || account.warehouse_ids.includes(warehouse.id)))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A client's warehouse choice is valid when one of their usable accounts is linked to it. */
export const warehouseHasAccount = (warehouseId: number, accounts: readonly AccountLike[]): boolean =>
  accounts.some((account) => isActiveAccount(account) && account.warehouse_ids.includes(warehouseId));
