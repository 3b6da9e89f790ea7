import { ORDER_IMPORT_MESSAGES as M, type OrderImportResponse } from '@wms/contract/order-imports';
import type { RequestAuth } from '../../../auth/request-auth';
import { canSeeWarehouse, type Scope } from '../../../auth/scope';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { HttpError, notFound, validationError } from '../../../http/errors';
import type { ReadSheet } from '../../../spreadsheets/read-sheet';
import type { ImportUpload } from '../../../spreadsheets/read-upload';
import { recordEvent } from '../../platform/activity/activity-api';
import { checkOrders, findWarehouses, insertCheckedOrders } from '../order-creation/order-creation-api';
import { type ImportLookups, planImport, type RowNote, uniquelyNamedAccounts } from './import-plan';
import { backorderNotes, importAnswer, notesOfChecks } from './import-summary';
import { accountsByName, activeShippersByName, productsBySku } from './order-import-repository';
import { parseOrderRows } from './parse-order-rows';
import { readOrderSheet } from './read-order-sheet';

/**
 * POST /orders/import (spec §5, §7): the request's checks, then the sheet read and parsed into rows of the
 * template's shape, then `importOrderRows`. Nothing created and errors found → 422 with the summary.
 */
export async function importOrders(
  db: Database,
  auth: RequestAuth,
  upload: ImportUpload | undefined,
  warehouseId: number | null,
  /** How the file becomes template rows: as it is, or through an import mapping (modules/import-mappings). */
  readSheet: (upload: ImportUpload) => Promise<ReadSheet> = readOrderSheet,
): Promise<OrderImportResponse> {
  if (warehouseId === null) {
    throw new HttpError(422, M.warehouseRequired, { warehouse_id: [M.warehouseFieldRequired] });
  }
  if (!upload) throw validationError({ file: [M.fileRequired] });
  const scope = await auth.scope();
  const warehouse = (await findWarehouses(db, [warehouseId])).get(warehouseId);
  if (!warehouse || !canSeeWarehouse(scope, warehouseId)) throw notFound('Warehouse not found');
  const parsed = parseOrderRows(await readSheet(upload));
  return importOrderRows(db, auth, scope, warehouse, parsed);
}

/**
 * Parsed rows into orders, in one transaction: rows with the same account and Order ID form one order; every bad
 * row is reported at once with its sheet row (import-plan.ts); an order with any bad row is not created; the good
 * ones are created and reserve stock exactly as POST /orders/bulk (createOrders' checks and writes, set-based).
 * An order that exists already is a warning (import-summary.ts).
 */
export async function importOrderRows(
  db: Database,
  auth: RequestAuth,
  scope: Scope,
  warehouse: { id: number; name: string },
  parsed: ReturnType<typeof parseOrderRows>,
): Promise<OrderImportResponse> {
  const errors: RowNote[] = parsed.errors.map((e) => ({ row: e.row, text: M.rowNote(e.row, e.message) }));
  const warnings: RowNote[] = [];

  const created = await inTransaction(db, async (tx) => {
    const accounts = await accountsByName(
      tx,
      scope,
      warehouse.id,
      parsed.rows.map((r) => r.accountName),
    );
    const lookups: ImportLookups = {
      warehouseId: warehouse.id,
      warehouseName: warehouse.name,
      accounts,
      shippers: await activeShippersByName(tx),
      products: await productsBySku(
        tx,
        uniquelyNamedAccounts(accounts),
        parsed.rows.map((r) => r.sku),
      ),
    };
    const plan = planImport(parsed.rows, lookups);
    errors.push(...plan.errors);

    const checked = await checkOrders(
      tx,
      scope,
      plan.candidates.map((c) => c.order),
    );
    const checks = notesOfChecks(plan.candidates, checked.issues);
    warnings.push(...checks.warnings);
    errors.push(...checks.errors);
    const result = await insertCheckedOrders(
      tx,
      { userId: auth.user.id },
      checks.accepted.map((c) => c.order),
      checked.products,
    );
    warnings.push(...backorderNotes(checks.accepted, result, lookups.products));
    if (result.data.length > 0) {
      await recordEvent(tx, {
        kind: 'orders.imported',
        payload: { created: result.data.length, warnings: warnings.length, errors: errors.length },
        actorId: auth.user.id,
        subject: { type: 'warehouse', id: warehouse.id },
        warehouseIds: [warehouse.id],
        accountIds: [...new Set(result.data.map((o) => o.account_id))],
      });
    }
    return result;
  });

  const { failed, body } = importAnswer(created.data.length, warnings, errors);
  if (failed) throw new ImportFailedError(body);
  return body;
}

/** Nothing could be created: the route answers 422 with this body (message and summary). */
export class ImportFailedError extends Error {
  constructor(readonly body: OrderImportResponse) {
    super(body.message);
  }
}
