import type { BulkCreateResult } from '@wms/contract/order-creation';
import { ORDER_IMPORT_MESSAGES as M, type OrderImportResponse } from '@wms/contract/order-imports';
import type { OrderIssue } from '../order-creation/order-creation-api';
import { type ImportCandidate, type RowNote, skuKey } from './import-plan';

/*
 * The pure notes of an import after createOrders' checks and writes, and the answer; unit-tested in
 * test/order-import-plan.test.ts.
 */

/**
 * createOrders' refusals as summary lines: an order that exists already (same account and Order ID) is a warning,
 * so re-importing a file creates no duplicates; any other refusal is an error. Answers the candidates accepted.
 */
export function notesOfChecks(candidates: readonly ImportCandidate[], issues: readonly OrderIssue[]) {
  const warnings: RowNote[] = [];
  const errors: RowNote[] = [];
  const refused = new Set<number>();
  for (const issue of issues) {
    const candidate = candidates[issue.index]!;
    const rows = candidate.rows.map((r) => r.row);
    refused.add(issue.index);
    if (issue.code === 'exists') {
      warnings.push({
        row: rows[0]!,
        text: M.rowsNote(rows, M.orderExists(candidate.orderId, candidate.accountName)),
      });
    } else {
      errors.push({ row: rows[0]!, text: M.rowsNote(rows, issue.message) });
    }
  }
  return { accepted: candidates.filter((_, i) => !refused.has(i)), warnings, errors };
}

/**
 * The create answer's backorder items as summary warnings, each on the sheet row of its product line (the order
 * number when no row matches, which a merged line of one product always does).
 */
export function backorderNotes(
  accepted: readonly ImportCandidate[],
  created: Pick<BulkCreateResult, 'data' | 'backorder_items'>,
  products: ReadonlyMap<string, number>,
): RowNote[] {
  const rowOf = new Map<string, number>();
  for (const { rows, order } of accepted) {
    for (const row of rows) {
      const productId = products.get(skuKey(order.accountId, row.sku));
      if (productId !== undefined) rowOf.set(`${order.externalOrderId}|${order.accountId}|${productId}`, row.row);
    }
  }
  const accountOf = new Map(created.data.map((o) => [o.id, o.account_id]));
  return created.backorder_items.map((b) => {
    const row = rowOf.get(`${b.external_order_id}|${accountOf.get(b.order_id)}|${b.product_id}`);
    const text = M.backordered(b.sku, b.quantity_reserved, b.quantity_ordered, b.quantity_backordered, b.order_number);
    return {
      row: row ?? Number.MAX_SAFE_INTEGER,
      text: row ? M.rowNote(row, text) : `${b.order_number}: ${text}`,
    };
  });
}

/** Stable: notes of one row keep the order they were found in ("not created because of the errors above" last). */
const inRowOrder = (notes: readonly RowNote[]) => [...notes].sort((a, b) => a.row - b.row).map((note) => note.text);

/**
 * The import's answer; `failed` when nothing was created and errors were found (the route answers 422 with the
 * same body then).
 */
export function importAnswer(
  created: number,
  warnings: readonly RowNote[],
  errors: readonly RowNote[],
): { failed: boolean; body: OrderImportResponse } {
  const summary = {
    success_count: created,
    warning_count: warnings.length,
    error_count: errors.length,
    warnings: inRowOrder(warnings),
    errors: inRowOrder(errors),
  };
  if (created === 0 && errors.length > 0) {
    return { failed: true, body: { message: M.nothingImported, summary, warnings: summary.warnings } };
  }
  const message =
    warnings.length === 0 && errors.length === 0
      ? M.imported
      : M.importedWithNotes(created, warnings.length, errors.length);
  return { failed: false, body: { message, summary, warnings: summary.warnings } };
}
