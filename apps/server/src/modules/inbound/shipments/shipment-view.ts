import { SHIPMENT_STATUS_LABELS, type Shipment, type ShipmentLine } from '@wms/contract/shipments';
import type { RequestAuth } from '../../../auth/request-auth';
import { deleteRefusal, editRefusal, reviewRefusal } from './shipment-policy';
import type { ShipmentLineRow, ShipmentRow } from './shipments-repository';

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null || name === null ? null : { id, name, email: email ?? '' };

/** Where a receipt put units of one inventory row (putaway.ts `receiptPlaces`). */
export interface ReceiptPlace {
  shipmentId: number | null;
  inventoryId: number | null;
  locationId: number;
  locationCode: string;
  lotCode: string | null;
  expiryDate: string | null;
  quantity: number;
}

function toLineView(row: ShipmentLineRow, places: readonly ReceiptPlace[]): ShipmentLine {
  const { line } = row;
  return {
    id: line.id,
    product: {
      id: line.productId,
      name: row.productName,
      sku: row.productSku,
      photo_url: row.productPhotoUrl,
      track_lots: row.trackLots,
      track_expiry: row.trackExpiry,
    },
    quantity: line.quantity,
    quantity_received: line.quantityReceived,
    discrepancy_reason: line.discrepancyReason,
    putaway: places
      .filter((p) => line.inventoryId !== null && p.inventoryId === line.inventoryId)
      .map((p) => ({
        location: { id: p.locationId, code: p.locationCode },
        lot_code: p.lotCode,
        expiry_date: p.expiryDate,
        quantity: p.quantity,
      })),
  };
}

/** The answer shape of spec 2 §3 Shipment, with its lines and what the caller may do with it now. */
export function toShipmentView(
  row: ShipmentRow,
  auth: RequestAuth,
  lineRows: readonly ShipmentLineRow[],
  places: readonly ReceiptPlace[],
): Shipment {
  const s = row.shipment;
  const lines = lineRows.map((line) => toLineView(line, places));
  const received = lines.every((l) => l.quantity_received !== null)
    ? lines.reduce((sum, l) => sum + l.quantity_received!, 0)
    : null;
  return {
    id: s.id,
    product_id: s.productId,
    account_id: s.accountId,
    warehouse_id: s.warehouseId,
    product: { id: s.productId, name: row.productName, sku: row.productSku, photo_url: row.productPhotoUrl },
    account: { id: s.accountId, name: row.accountName },
    warehouse: { id: s.warehouseId, name: row.warehouseName, code: row.warehouseCode },
    quantity: s.quantity,
    quantity_received: s.status === 'verified' ? received : null,
    has_discrepancy: lines.some((l) => l.quantity_received !== null && l.quantity_received !== l.quantity),
    lines,
    tracking_number: s.trackingNumber,
    carrier: s.carrier,
    delivery_date: s.deliveryDate,
    notes: s.notes,
    rejection_reason: s.rejectionReason,
    verification_notes: s.verificationNotes,
    status: s.status,
    formatted_status: SHIPMENT_STATUS_LABELS[s.status],
    inventory_id: s.inventoryId,
    user_id: s.userId,
    user: person(s.userId, row.creatorName, row.creatorEmail),
    verified_at: s.verifiedAt?.toISOString() ?? null,
    verifier: person(s.verifiedBy, row.verifierName, row.verifierEmail),
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    can_edit: editRefusal(auth, s) === null,
    can_delete: deleteRefusal(auth, s) === null,
    can_review: reviewRefusal(auth, s, 'verify') === null,
  };
}
