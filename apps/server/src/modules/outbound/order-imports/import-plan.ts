import { ORDER_IMPORT_MESSAGES as M } from '@wms/contract/order-imports';
import { mergeLines, type NewOrder } from '../order-creation/order-creation-api';
import type { OrderRow } from './parse-order-rows';

/*
 * The pure half of an import: sheet rows and what the database said about their names in, orders to
 * create and the summary's row errors out. No database, so every rule and text is unit-tested
 * (test/order-import-plan.test.ts); order-import-service.ts runs the lookups and the transaction around it.
 */

/** A summary line and the sheet row it is sorted by (the summary reads in row order). */
export interface RowNote {
  row: number;
  text: string;
}

/** How products are keyed for the lookup: account and SKU, case-insensitive as the catalogue keys it. */
export const skuKey = (accountId: number, sku: string) => `${accountId}:${sku.toLowerCase()}`;

/** What the database knows about the names the sheet uses (order-import-repository.ts). */
export interface ImportLookups {
  warehouseId: number;
  warehouseName: string;
  /** Accounts reachable and linked to the warehouse, by exact name (several ids when names repeat). */
  accounts: ReadonlyMap<string, readonly number[]>;
  /** Active shippers by lower-cased name and code. */
  shippers: ReadonlyMap<string, number>;
  /** Product ids by `skuKey`. */
  products: ReadonlyMap<string, number>;
}

/** One order the sheet asks for (rows with the same account name and Order ID), ready for createOrders' checks. */
export interface ImportCandidate {
  rows: OrderRow[];
  accountName: string;
  orderId: string;
  order: NewOrder;
}

interface Group {
  accountId: number | null;
  accountName: string;
  orderId: string;
  rows: OrderRow[];
  bad: boolean;
}

/** The accounts whose name names exactly one: the only ones whose products are looked up. */
export const uniquelyNamedAccounts = (accounts: ImportLookups['accounts']) =>
  [...accounts.values()].flatMap((ids) => (ids.length === 1 ? [ids[0]!] : []));

/**
 * Groups the rows into orders (exact account name + Order ID, in sheet order) and resolves their names. A group with
 * any bad row (its own parse errors, an unknown or ambiguous account, an unknown shipper or SKU) is not a candidate
 * and gets a closing "was not created" note on its last row. Errors come out in the order they are found; the
 * summary sorts them by row, stably.
 */
export function planImport(
  rows: readonly OrderRow[],
  lookups: ImportLookups,
): { candidates: ImportCandidate[]; errors: RowNote[] } {
  const errors: RowNote[] = [];
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const key = JSON.stringify([row.accountName, row.orderId]);
    const ids = lookups.accounts.get(row.accountName);
    const group = groups.get(key) ?? {
      accountId: ids?.length === 1 ? ids[0]! : null,
      accountName: row.accountName,
      orderId: row.orderId,
      rows: [],
      bad: false,
    };
    group.rows.push(row);
    if (row.bad) group.bad = true;
    groups.set(key, group);
    if (!ids) {
      errors.push(rowError(row.row, M.accountNotFound(row.accountName, lookups.warehouseName)));
      group.bad = true;
    } else if (ids.length > 1) {
      errors.push(rowError(row.row, M.accountAmbiguous(row.accountName)));
      group.bad = true;
    }
  }

  const candidates: ImportCandidate[] = [];
  for (const group of groups.values()) {
    const first = group.rows[0]!;
    let shipperId: number | null = null;
    if (first.shipper !== '') {
      shipperId = lookups.shippers.get(first.shipper.toLowerCase()) ?? null;
      if (shipperId === null) {
        errors.push(rowError(first.row, M.shipperNotFound(first.shipper)));
        group.bad = true;
      }
    }
    const lines: { productId: number; quantity: number }[] = [];
    if (group.accountId !== null) {
      for (const row of group.rows) {
        if (row.sku === '') continue;
        const productId = lookups.products.get(skuKey(group.accountId, row.sku));
        if (productId === undefined) {
          errors.push(rowError(row.row, M.skuNotFound(row.sku, group.accountName)));
          group.bad = true;
        } else lines.push({ productId, quantity: row.quantity });
      }
    }
    if (group.bad || group.accountId === null) continue;
    candidates.push({
      rows: group.rows,
      accountName: group.accountName,
      orderId: group.orderId,
      order: {
        accountId: group.accountId,
        warehouseId: lookups.warehouseId,
        shipperId,
        customerName: first.customerName,
        shipDate: first.shipDate,
        externalOrderId: group.orderId,
        notes: first.notes || null,
        priority: group.rows.some((r) => r.priority === 'urgent') ? 'urgent' : 'normal',
        lines: mergeLines(lines),
      },
    });
  }
  for (const group of groups.values()) {
    if (group.bad) {
      errors.push({
        row: lastRow(group.rows),
        text: M.rowsNote(
          group.rows.map((r) => r.row),
          M.orderNotCreated(group.orderId),
        ),
      });
    }
  }
  return { candidates, errors };
}

const rowError = (row: number, message: string): RowNote => ({ row, text: M.rowNote(row, message) });
const lastRow = (rows: readonly OrderRow[]) => Math.max(...rows.map((r) => r.row));
