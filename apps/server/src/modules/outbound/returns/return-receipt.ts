import { RETURN_MESSAGES, type Return, type ReturnReceiveInput } from '@wms/contract/returns';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, type FieldErrors, validationError } from '../../../http/errors';
import { ensureInventoryRow, locationFacts, lotsForReceipt, moveStock } from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { closeWhenSettled } from './return-close';
import {
  everyLineReceived,
  insertReceipts,
  type LockedReturn,
  linesOfReturn,
  markLineReceived,
  type ReturnLineRow,
  setReturnStatus,
} from './returns-repository';
import { getReturn, lockReturnInScope, returnEvent } from './returns-service';

type Row = ReturnReceiveInput['lines'][number] & { at: string };

/** Which location type each disposition that enters stock needs. */
const LOCATION_RULE = {
  restocked: { types: ['storage', 'pick'], message: RETURN_MESSAGES.restockLocationType },
  processing_required: { types: ['quarantine'], message: RETURN_MESSAGES.quarantineLocationType },
} as const;

const entersStock = (row: Row): row is Row & { disposition: keyof typeof LOCATION_RULE } =>
  row.disposition === 'restocked' || row.disposition === 'processing_required';

/**
 * POST /api/returns/{id}/receive: each line named is received once, split over dispositions. Units restocked or
 * needing processing enter stock by a ledger `return` movement (naming the return line, the location and the lot);
 * not_restocked and missing units enter none. Announced units the rows leave out are recorded missing. The line's
 * conditional UPDATE makes a second receipt (a concurrent one too) add nothing: it is refused (409) and rolled back.
 * Once every line is received the return is received, and closed at once when none of it waits in quarantine.
 */
export async function receiveReturn(
  db: Executor,
  auth: RequestAuth,
  id: number,
  input: ReturnReceiveInput,
): Promise<Return> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const ret = await lockReturnInScope(tx, scope, id);
    if (ret.status !== 'announced' && ret.status !== 'in_transit') throw conflict(RETURN_MESSAGES.notReceivable);
    const lines = new Map((await linesOfReturn(tx, id)).map((line) => [line.id, line]));
    const rows: Row[] = input.lines.map((row, i) => ({ ...row, at: `lines.${i}` }));
    await checkRows(tx, ret, lines, rows);
    const lotOf = await lotsOf(tx, lines, rows);

    const named = [...new Set(rows.map((row) => row.line_id))].sort((a, b) => a - b);
    for (const lineId of named) {
      if (!(await markLineReceived(tx, lineId, auth.user.id))) throw conflict(RETURN_MESSAGES.lineAlreadyReceived);
    }
    const receipts = [];
    for (const row of rows) {
      const line = lines.get(row.line_id)!;
      const lotId = lotOf.get(row) ?? null;
      if (entersStock(row)) {
        const inventoryId = await ensureInventoryRow(tx, {
          productId: line.productId,
          warehouseId: ret.warehouseId,
          accountId: ret.accountId,
        });
        const moved = await moveStock(tx, {
          inventoryId,
          type: 'return',
          onHandDelta: row.quantity,
          reservedDelta: 0,
          locationId: row.location_id!,
          lotId,
          reason: `${ret.rmaNumber} ${row.disposition}`,
          referenceType: 'return_line',
          referenceId: line.id,
          userId: auth.user.id,
        });
        // An arrival into a checked location of the row's warehouse is never refused; if it is, nothing is kept.
        if (!moved) throw new Error(`Return line ${line.id}: the ledger refused the arrival`);
      }
      receipts.push({
        returnLineId: line.id,
        disposition: row.disposition,
        quantity: row.quantity,
        locationId: entersStock(row) ? row.location_id! : null,
        lotId,
        note: row.note,
        quarantined: row.disposition === 'processing_required' ? row.quantity : 0,
      });
    }
    for (const lineId of named) {
      const line = lines.get(lineId)!;
      const given = rows.filter((row) => row.line_id === lineId).reduce((sum, row) => sum + row.quantity, 0);
      if (given < line.quantity) {
        receipts.push({
          returnLineId: lineId,
          disposition: 'missing',
          quantity: line.quantity - given,
          quarantined: 0,
        });
      }
    }
    await insertReceipts(tx, receipts);
    if (await everyLineReceived(tx, id)) await markReceived(tx, auth, ret);
  });
  return getReturn(db, auth, id);
}

/** Field errors for rows naming other lines, too many units, or a location or lot the disposition cannot take. */
async function checkRows(tx: Executor, ret: LockedReturn, lines: Map<number, ReturnLineRow>, rows: Row[]) {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] ??= [];
    errors[field].push(message);
  };
  const given = new Map<number, number>();
  for (const row of rows) {
    const line = lines.get(row.line_id);
    if (!line) {
      add(`${row.at}.line_id`, RETURN_MESSAGES.lineNotInReturn);
      continue;
    }
    if (line.receivedAt !== null) throw conflict(RETURN_MESSAGES.lineAlreadyReceived);
    const total = (given.get(line.id) ?? 0) + row.quantity;
    given.set(line.id, total);
    if (total > line.quantity) add(`${row.at}.quantity`, RETURN_MESSAGES.receivedAboveAnnounced);
    if (!entersStock(row)) {
      if (row.location_id) add(`${row.at}.location_id`, RETURN_MESSAGES.noLocationHere);
      continue;
    }
    if (!row.location_id) add(`${row.at}.location_id`, RETURN_MESSAGES.locationRequired);
    else {
      const location = await locationFacts(tx, row.location_id);
      if (!location || location.warehouseId !== ret.warehouseId || !location.isActive) {
        add(`${row.at}.location_id`, RETURN_MESSAGES.locationInvalid);
      } else if (!(LOCATION_RULE[row.disposition].types as readonly string[]).includes(location.type)) {
        add(`${row.at}.location_id`, LOCATION_RULE[row.disposition].message);
      }
    }
    // The receipt rules of inbound shipments: a lot for products tracking lots or expiry, an expiry for the latter.
    if ((line.trackLots || line.trackExpiry) && !row.lot) add(`${row.at}.lot`, RETURN_MESSAGES.lotRequired);
    if (line.trackExpiry && !row.expiry) add(`${row.at}.expiry`, RETURN_MESSAGES.expiryRequired);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The lots rows entering stock name, found or created (a known lot with another expiry is refused). */
async function lotsOf(tx: Executor, lines: Map<number, ReturnLineRow>, rows: Row[]) {
  const named = rows.filter((row) => entersStock(row) && row.lot);
  const lots = await lotsForReceipt(
    tx,
    named.map((row) => ({
      productId: lines.get(row.line_id)!.productId,
      lotCode: row.lot!,
      expiryDate: row.expiry,
    })),
  );
  const lotOf = new Map<Row, number>();
  const errors: FieldErrors = {};
  named.forEach((row, i) => {
    const lot = lots[i]!;
    if (lot === 'expiry_differs') errors[`${row.at}.expiry`] = [RETURN_MESSAGES.lotExpiryDiffers];
    else lotOf.set(row, lot);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return lotOf;
}

/** Every line is in: the return is received (its event carries every line's dispositions), then closed if settled. */
async function markReceived(tx: Executor, auth: RequestAuth, ret: LockedReturn) {
  await setReturnStatus(tx, ret.id, ['announced', 'in_transit'], 'received');
  const { lines, order } = await getReturn(tx, auth, ret.id);
  await recordEvent(tx, {
    kind: 'return.received',
    payload: {
      rma_number: ret.rmaNumber,
      order_id: order?.id ?? null,
      order_number: order?.order_number ?? null,
      units_received: lines.reduce((sum, line) => sum + line.quantity_received, 0),
      units_missing: lines.reduce((sum, line) => sum + line.quantity_missing, 0),
      lines: lines.flatMap((line) =>
        line.receipts.map((r) => ({
          line_id: line.id,
          sku: line.product.sku,
          disposition: r.disposition,
          quantity: r.quantity,
        })),
      ),
    },
    ...returnEvent(auth, ret),
  });
  await closeWhenSettled(tx, auth, ret);
}
