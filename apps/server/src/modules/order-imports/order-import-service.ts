import { ORDER_IMPORT_MESSAGES as M, type OrderImportResponse } from '@wms/contract/order-imports';
import type { RequestAuth } from '../../auth/request-auth';
import { canSeeWarehouse } from '../../auth/scope';
import type { Database } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { ReadSheet } from '../../spreadsheets/read-sheet';
import { recordEvent } from '../activity/record-event';
import { checkOrders, insertCheckedOrders, mergeLines, type NewOrder } from '../order-creation/create-orders';
import { findWarehouses } from '../order-creation/order-targets';
import { accountsByName, activeShippersByName, productsBySku, skuKey } from './order-import-repository';
import type { OrderRow } from './parse-order-rows';
import { parseOrderRows } from './parse-order-rows';
import { type ImportUpload, readOrderSheet } from './read-order-sheet';

interface Group {
  accountId: number | null;
  accountName: string;
  orderId: string;
  rows: OrderRow[];
  bad: boolean;
}

const rowText = (row: number, message: string) => `Row ${row}: ${message}`;

/** A summary line and the sheet row it is sorted by (issue 25 §20: the summary reads in row order). */
interface RowNote {
  row: number;
  text: string;
}
/** Stable: notes of one row keep the order they were found in ("not created because of the errors above" last). */
const inRowOrder = (notes: RowNote[]) => [...notes].sort((a, b) => a.row - b.row).map((note) => note.text);
const lastRow = (rows: OrderRow[]) => Math.max(...rows.map((r) => r.row));
const rowsText = (rows: OrderRow[]) =>
  rows.length === 1 ? `Row ${rows[0]!.row}` : `Rows ${rows.map((r) => r.row).join(', ')}`;

/**
 * POST /orders/import (spec §5, §7): rows with the same account and Order ID form one order; every bad row is
 * reported at once with its sheet row; an order with any bad row is not created; the good ones are created and
 * reserve stock exactly as POST /orders/bulk (createOrders' checks and writes, set-based). An order that exists
 * already (same account and Order ID) is a warning, so re-importing a file creates no duplicates. Nothing created
 * and errors found → 422 with the summary.
 */
export async function importOrders(
  db: Database,
  auth: RequestAuth,
  upload: ImportUpload | undefined,
  warehouseId: number | null,
  /** How the file becomes template rows: as it is, or through an import mapping (issue 26, modules/import-mappings). */
  readSheet: (upload: ImportUpload) => Promise<ReadSheet> = readOrderSheet,
): Promise<OrderImportResponse> {
  if (warehouseId === null) {
    throw new HttpError(422, M.warehouseRequired, { warehouse_id: [M.warehouseFieldRequired] });
  }
  if (!upload) throw validationError({ file: [M.fileRequired] });
  const scope = await auth.scope();
  const warehouse = (await findWarehouses(db, [warehouseId])).get(warehouseId);
  if (!warehouse || !canSeeWarehouse(scope, warehouseId)) throw notFound('Warehouse not found');

  const sheet = await readSheet(upload);
  const parsed = parseOrderRows(sheet);
  const errors: RowNote[] = parsed.errors.map((e) => ({ row: e.row, text: rowText(e.row, e.message) }));
  const warnings: RowNote[] = [];

  const result = await inTransaction(db, async (tx) => {
    const accounts = await accountsByName(
      tx,
      scope,
      warehouseId,
      parsed.rows.map((r) => r.accountName),
    );
    const shippers = await activeShippersByName(tx);
    // Group by exact account name + Order ID, in sheet order.
    const groups = new Map<string, Group>();
    for (const row of parsed.rows) {
      const key = JSON.stringify([row.accountName, row.orderId]);
      const ids = accounts.get(row.accountName);
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
        errors.push({
          row: row.row,
          text: rowText(
            row.row,
            `Account '${row.accountName}' not found in ${warehouse.name} (names are case-sensitive)`,
          ),
        });
        group.bad = true;
      } else if (ids.length > 1) {
        errors.push({
          row: row.row,
          text: rowText(row.row, `Account name '${row.accountName}' is ambiguous: several accounts have it`),
        });
        group.bad = true;
      }
    }
    const products = await productsBySku(
      tx,
      [...groups.values()].flatMap((g) => (g.accountId === null ? [] : [g.accountId])),
      parsed.rows.map((r) => r.sku),
    );

    const candidates: { group: Group; order: NewOrder }[] = [];
    for (const group of groups.values()) {
      const first = group.rows[0]!;
      let shipperId: number | null = null;
      if (first.shipper !== '') {
        shipperId = shippers.get(first.shipper.toLowerCase()) ?? null;
        if (shipperId === null) {
          errors.push({ row: first.row, text: rowText(first.row, `Shipper '${first.shipper}' not found or inactive`) });
          group.bad = true;
        }
      }
      const lines: { productId: number; quantity: number }[] = [];
      if (group.accountId !== null) {
        for (const row of group.rows) {
          if (row.sku === '') continue;
          const productId = products.get(skuKey(group.accountId, row.sku));
          if (productId === undefined) {
            errors.push({
              row: row.row,
              text: rowText(row.row, `SKU '${row.sku}' not found for account '${group.accountName}'`),
            });
            group.bad = true;
          } else lines.push({ productId, quantity: row.quantity });
        }
      }
      if (group.bad || group.accountId === null) continue;
      candidates.push({
        group,
        order: {
          accountId: group.accountId,
          warehouseId,
          shipperId,
          customerName: first.customerName,
          shipDate: first.shipDate,
          externalOrderId: group.orderId,
          notes: first.notes || null,
          lines: mergeLines(lines),
        },
      });
    }
    for (const group of groups.values()) {
      if (group.bad) {
        errors.push({
          row: lastRow(group.rows),
          text: `${rowsText(group.rows)}: order '${group.orderId}' was not created because of the errors above`,
        });
      }
    }

    const checked = await checkOrders(
      tx,
      scope,
      candidates.map((c) => c.order),
    );
    const refused = new Set<number>();
    for (const issue of checked.issues) {
      const { group } = candidates[issue.index]!;
      refused.add(issue.index);
      if (issue.code === 'exists') {
        warnings.push({
          row: group.rows[0]!.row,
          text: `${rowsText(group.rows)}: order '${group.orderId}' of '${group.accountName}' already exists and was skipped`,
        });
      } else {
        errors.push({ row: group.rows[0]!.row, text: `${rowsText(group.rows)}: ${issue.message}` });
      }
    }
    const accepted = candidates.filter((_, i) => !refused.has(i));
    const created = await insertCheckedOrders(
      tx,
      { userId: auth.user.id },
      accepted.map((c) => c.order),
      checked.products,
    );
    // Shortfalls name the sheet row of the product line.
    const rowOf = new Map<string, number>();
    accepted.forEach(({ group, order }) => {
      for (const row of group.rows) {
        const productId = products.get(skuKey(order.accountId, row.sku));
        if (productId !== undefined) rowOf.set(`${order.externalOrderId}|${order.accountId}|${productId}`, row.row);
      }
    });
    const accountOf = new Map(created.data.map((o) => [o.id, o.account_id]));
    for (const b of created.backorder_items) {
      const order = { account_id: accountOf.get(b.order_id) };
      const row = rowOf.get(`${b.external_order_id}|${order.account_id}|${b.product_id}`);
      warnings.push({
        row: row ?? Number.MAX_SAFE_INTEGER,
        text: `${row ? `Row ${row}` : b.order_number}: ${b.sku} — ${b.quantity_reserved} of ${b.quantity_ordered} reserved, ${b.quantity_backordered} on backorder (order ${b.order_number})`,
      });
    }
    if (created.data.length > 0) {
      await recordEvent(tx, {
        kind: 'orders.imported',
        payload: { created: created.data.length, warnings: warnings.length, errors: errors.length },
        actorId: auth.user.id,
        subject: { type: 'warehouse', id: warehouseId },
        warehouseIds: [warehouseId],
        accountIds: [...new Set(created.data.map((o) => o.account_id))],
      });
    }
    return created;
  });

  const summary = {
    success_count: result.data.length,
    warning_count: warnings.length,
    error_count: errors.length,
    warnings: inRowOrder(warnings),
    errors: inRowOrder(errors),
  };
  if (result.data.length === 0 && errors.length > 0) {
    throw new ImportFailedError({ message: M.nothingImported, summary, warnings: summary.warnings });
  }
  const message =
    warnings.length === 0 && errors.length === 0
      ? M.imported
      : M.importedWithNotes(result.data.length, warnings.length, errors.length);
  return { message, summary, warnings: summary.warnings };
}

/** Nothing could be created: the route answers 422 with this body (message and summary). */
export class ImportFailedError extends Error {
  constructor(readonly body: OrderImportResponse) {
    super(body.message);
  }
}
