import type { PickFace, ReplenishmentLine } from '@wms/contract/replenishment';
import type { Executor } from '../../../db/client';
import { type AllocatedPart, allocateFromPool, allocationPool } from '../allocation/allocation-api';
import { quantityToBring } from './replenishment-arithmetic';
import { type CandidateRow, type FaceRow, replenishmentCandidates } from './replenishment-repository';

export const toPickFace = (f: FaceRow): PickFace => ({
  id: f.id,
  inventory_id: f.inventoryId,
  warehouse_id: f.warehouseId,
  location: { id: f.locationId, code: f.locationCode },
  product: { id: f.productId, sku: f.sku, name: f.productName },
  min: f.min,
  max: f.max,
  increment: f.increment,
  quantity: f.quantity,
  available: f.quantity - f.allocated,
});

export interface PlannedLine {
  face: CandidateRow;
  quantity: number;
  parts: AllocatedPart[];
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The report's lines: candidates (one statement), then their sources chosen by the allocation module from the
 * rows' storage locations only (one read for every row): FEFO for expiry-tracked lots, then fewest sources. Faces
 * of one row share the pool, so no unit is promised twice. With `lock` (task creation) the rows are locked first
 * and the candidates read again under the lock, so what is planned is still true when the tasks hold it.
 */
export async function planReplenishment(
  db: Executor,
  warehouseId: number,
  options: { lock: boolean; faceIds?: readonly number[] },
): Promise<PlannedLine[]> {
  let candidates = await replenishmentCandidates(db, warehouseId, options.faceIds);
  if (candidates.length === 0) return [];
  const pool = await allocationPool(
    db,
    candidates.map((c) => c.inventoryId),
    { lock: options.lock, locationTypes: ['storage'] },
  );
  if (options.lock) candidates = await replenishmentCandidates(db, warehouseId, options.faceIds);
  const day = today();
  return candidates.map((face) => {
    const quantity = quantityToBring(face, face.quantity - face.allocated, face.storageFree);
    // A face with a live task is shown, but plans nothing more until that task ends.
    if (quantity === 0 || face.openTaskId !== null) return { face, quantity, parts: [] };
    const allocation = allocateFromPool(
      {
        orderId: face.id,
        shipDate: day,
        minShelfLifeDays: 0,
        allowPartial: true,
        lines: [{ lineId: face.id, inventoryId: face.inventoryId, tracking: face.tracking, quantity }],
      },
      pool,
    );
    return { face, quantity, parts: allocation.parts };
  });
}

export const toReportLine = (line: PlannedLine): ReplenishmentLine => ({
  pick_face: toPickFace(line.face),
  wave_demand: line.face.waveDemand,
  below_min: line.face.quantity - line.face.allocated < line.face.min,
  urgent: line.face.waveDemand > 0,
  quantity: line.quantity,
  storage_free: line.face.storageFree,
  sources: line.parts.map((p) => ({
    location: { id: p.locationId, code: p.place.code },
    lot: p.lotId === null ? null : { id: p.lotId, code: p.place.lotCode ?? '', expiry_date: p.place.expiryDate },
    quantity: p.quantity,
    reason: p.reason,
  })),
  open_task_id: line.face.openTaskId,
});
