import type { InventorySummary } from '@wms/contract/inventory';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import {
  listAccountWarehouseLinks,
  listWarehousesInScope,
  type StockTotalsRow,
  stockTotalsByWarehouseAndAccount,
} from './inventory-repository';

type Totals = InventorySummary['totals'];

const emptyTotals = (): Totals => ({
  items: 0,
  units_on_hand: 0,
  units_reserved: 0,
  units_available: 0,
  low_stock_count: 0,
  out_of_stock_count: 0,
});

const totalsOf = (row: StockTotalsRow): Totals => ({
  items: row.items,
  units_on_hand: row.unitsOnHand,
  units_reserved: row.unitsReserved,
  units_available: row.unitsAvailable,
  low_stock_count: row.lowStock,
  out_of_stock_count: row.outOfStock,
});

const addInto = (target: Totals, add: Totals) => {
  for (const key of Object.keys(target) as (keyof Totals)[]) target[key] += add[key];
};

/**
 * The cards of /inventories: every warehouse in scope (active ones, and inactive ones still holding stock) with
 * its totals, and inside each the accounts linked to it or keeping stock there (zero totals when they hold
 * nothing yet). Three queries whatever the number of cards.
 */
export async function inventorySummary(
  db: Executor,
  scope: Scope,
  filter: { account_id?: number; warehouse_id?: number },
): Promise<InventorySummary> {
  const [warehouseRows, totals, links] = await Promise.all([
    listWarehousesInScope(db, scope, filter.warehouse_id),
    stockTotalsByWarehouseAndAccount(db, scope, filter),
    listAccountWarehouseLinks(db, scope, filter),
  ]);
  const overall = emptyTotals();
  const summaries = warehouseRows.map((warehouse) => {
    const stocked = totals.filter((row) => row.warehouseId === warehouse.id);
    const warehouseTotals = emptyTotals();
    for (const row of stocked) addInto(warehouseTotals, totalsOf(row));
    addInto(overall, warehouseTotals);
    const accounts = new Map(
      stocked.map((row) => [row.accountId, { id: row.accountId, name: row.accountName, ...totalsOf(row) }]),
    );
    for (const link of links) {
      if (link.warehouseId !== warehouse.id || accounts.has(link.accountId)) continue;
      accounts.set(link.accountId, { id: link.accountId, name: link.accountName, ...emptyTotals() });
    }
    return {
      id: warehouse.id,
      name: warehouse.name,
      code: warehouse.code,
      is_active: warehouse.isActive,
      ...warehouseTotals,
      accounts: [...accounts.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    };
  });
  return { warehouses: summaries.filter((w) => w.is_active || w.items > 0), totals: overall };
}
