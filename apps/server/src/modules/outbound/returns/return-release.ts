import { RETURN_MESSAGES, type Return, type ReturnReleaseInput } from '@wms/contract/returns';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Executor } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { conflict, fieldError, notFound } from '../../../http/errors';
import { ensureInventoryRow, locationFacts, moveStock, moveUnitsBetweenLocations } from '../../floor/stock/stock-api';
import { recordEvent } from '../../platform/activity/activity-api';
import { closeWhenSettled } from './return-close';
import { findLineOfReturn, lockQuarantinedReceipts, takeQuarantined } from './returns-repository';
import { getReturn, lockReturnInScope, returnEvent } from './returns-service';

/**
 * POST /api/returns/{id}/lines/{lineId}/release: inspected units of a line leave quarantine, oldest receipt first.
 * `restock` moves them to a storage or pick location (ledger `move` rows naming the return line), `dispose` takes them
 * off on hand (a ledger `return` row naming it). Never more than the line holds in quarantine: the receipts are locked
 * and taken from by a conditional UPDATE. The return closes when its last quarantined unit is released.
 */
export async function releaseReturnLine(
  db: Executor,
  auth: RequestAuth,
  id: number,
  lineId: number,
  input: ReturnReleaseInput,
): Promise<Return> {
  const scope = await auth.scope();
  await inTransaction(db, async (tx) => {
    const ret = await lockReturnInScope(tx, scope, id);
    const line = await findLineOfReturn(tx, id, lineId);
    if (!line) throw notFound(RETURN_MESSAGES.notFound);
    if (ret.status !== 'received') throw conflict(RETURN_MESSAGES.releaseNotAllowed);
    const receipts = await lockQuarantinedReceipts(tx, lineId);
    const quarantined = receipts.reduce((sum, r) => sum + r.quarantined, 0);
    if (input.quantity > quarantined) {
      throw fieldError('quantity', RETURN_MESSAGES.releaseAboveQuarantined(quarantined));
    }
    if (input.action === 'restock') {
      const location = await locationFacts(tx, input.location_id!);
      if (!location || location.warehouseId !== ret.warehouseId || !location.isActive) {
        throw fieldError('location_id', RETURN_MESSAGES.locationInvalid);
      }
      if (location.type !== 'storage' && location.type !== 'pick') {
        throw fieldError('location_id', RETURN_MESSAGES.restockLocationType);
      }
    }
    const inventoryId = await ensureInventoryRow(tx, {
      productId: line.productId,
      warehouseId: ret.warehouseId,
      accountId: ret.accountId,
    });
    let left = input.quantity;
    for (const receipt of receipts) {
      if (left === 0) break;
      const units = Math.min(left, receipt.quarantined);
      if (!(await takeQuarantined(tx, receipt.id, units))) throw conflict(RETURN_MESSAGES.releaseNotAllowed);
      const reference = {
        referenceType: 'return_line',
        referenceId: lineId,
        userId: auth.user.id,
        reason: `${ret.rmaNumber} ${input.action}`,
      };
      const refused =
        input.action === 'restock'
          ? await moveUnitsBetweenLocations(tx, {
              inventoryId,
              fromLocationId: receipt.locationId!,
              toLocationId: input.location_id!,
              lotId: receipt.lotId,
              quantity: units,
              ...reference,
            })
          : (await moveStock(tx, {
                inventoryId,
                type: 'return',
                onHandDelta: -units,
                reservedDelta: 0,
                locationId: receipt.locationId,
                lotId: receipt.lotId,
                ...reference,
              }))
            ? null
            : 'source_short';
      // The units were counted out of quarantine above; the location no longer holding them (moved by hand) is a
      // conflict for the inspector to look at, and nothing changes.
      if (refused) throw conflict(RETURN_MESSAGES.releaseAboveQuarantined(0));
      left -= units;
    }
    await recordEvent(tx, {
      kind: 'return.released',
      payload: { rma_number: ret.rmaNumber, sku: line.sku, quantity: input.quantity, action: input.action },
      ...returnEvent(auth, ret),
    });
    await closeWhenSettled(tx, auth, ret);
  });
  return getReturn(db, auth, id);
}
