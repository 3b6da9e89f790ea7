import { SHIPMENT_STATUS_LABELS, type Shipment } from '@wms/contract/shipments';
import type { RequestAuth } from '../../auth/request-auth';
import { deleteRefusal, editRefusal, reviewRefusal } from './shipment-policy';
import type { ShipmentRow } from './shipments-repository';

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null || name === null ? null : { id, name, email: email ?? '' };

/** The answer shape of spec 2 §3 Shipment, with what the caller may do with it now. */
export function toShipmentView(row: ShipmentRow, auth: RequestAuth): Shipment {
  const s = row.shipment;
  return {
    id: s.id,
    product_id: s.productId,
    account_id: s.accountId,
    warehouse_id: s.warehouseId,
    product: { id: s.productId, name: row.productName, sku: row.productSku, photo_url: row.productPhotoUrl },
    account: { id: s.accountId, name: row.accountName },
    warehouse: { id: s.warehouseId, name: row.warehouseName, code: row.warehouseCode },
    quantity: s.quantity,
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
