import { type LabelFields, ORDER_MESSAGES, type ShipmentLabel } from '@wms/contract/orders';
import { requireAccess } from '../../../auth/access-gate';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { FileStorage } from '../../../files/file-storage';
import type { SpooledFile } from '../../../files/spooled-upload';
import { notFound } from '../../../http/errors';
import { recordEvent } from '../../platform/activity/activity-api';
import { labelOfOrder, ORDER_RESOURCE } from '../orders/orders-api';
import { requireLabelPdf } from './label-pdf';
import { findOrderForLabel, insertLabelRows } from './labels-repository';
import { storePdf } from './store-pdf';

/**
 * POST /orders/{id}/labels: a PDF (it must parse as one, not just carry the header; size capped by the route) stored through FileStorage with a
 * `label` files row, and the label row pointing at it, in one transaction.
 */
export async function uploadLabel(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  orderId: number,
  fields: LabelFields,
  upload: SpooledFile,
): Promise<ShipmentLabel> {
  const scope = await auth.scope();
  await requireAccess(db, scope, ORDER_RESOURCE, orderId);
  await requireLabelPdf(upload);
  const labelId = await storePdf(
    storage,
    { kind: 'label', ownerUserId: auth.user.id, fileName: upload.fileName, source: upload },
    (insertFile) =>
      inTransaction(db, async (tx) => {
        const order = await findOrderForLabel(tx, scope, orderId);
        if (!order) throw notFound(ORDER_MESSAGES.notFound);
        const fileId = await insertFile(tx);
        const [labelId] = await insertLabelRows(tx, auth.user.id, [{ orderId, fileId, fields }]);
        await recordEvent(tx, {
          kind: 'order.label_uploaded',
          payload: { order_number: order.orderNumber, label_name: fields.label_name },
          actorId: auth.user.id,
          subject: { type: 'order', id: orderId },
          warehouseIds: [order.warehouseId],
          accountIds: [order.accountId],
        });
        return labelId!;
      }),
  );
  return (await labelOfOrder(db, orderId, labelId))!;
}
