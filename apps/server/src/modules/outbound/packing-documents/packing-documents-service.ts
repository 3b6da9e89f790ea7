import { PACKING_MESSAGES, type PackingSlipLayout } from '@wms/contract/packing';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Scope } from '../../../auth/scope';
import type { Executor } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { fieldError, forbidden, notFound } from '../../../http/errors';
import { cartonLabelPdf } from './carton-label-pdf';
import { cartonLabelZpl } from './carton-label-zpl';
import type { CartonLabelDocument, DocumentLine, PackingSlipDocument, SlipCarton } from './packing-document-shapes';
import {
  cartonsOfOrder,
  type DocumentOrderRow,
  findCartonInScope,
  findDocumentOrder,
  linesOfOrder,
} from './packing-documents-repository';
import { packingSlipPdf } from './packing-slip-pdf';

/**
 * Who may print an order's packing documents: staff who pack, and the order's own client users (their scope
 * already limits them to their accounts' orders). A manager without `pack` is refused like any missing permission.
 */
export function assertMayPrintDocuments(auth: RequestAuth): void {
  if (auth.allows('seeAcrossAccounts') && !auth.can('pack')) throw forbidden();
}

const shipFrom = (order: DocumentOrderRow) =>
  [
    order.warehouseName,
    order.address,
    [order.city, [order.state, order.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    order.country,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');

/** A bundle is picked and packed as its components: each component line names the bundle it belongs to. */
const slipName = (name: string, kitSku: string | null) => (kitSku ? `${name} (bundle ${kitSku})` : name);

async function orderInScope(db: Executor, scope: Scope, orderId: number) {
  const order = await findDocumentOrder(db, scope, orderId);
  if (!order) throw notFound(PACKING_MESSAGES.orderNotFound);
  return order;
}

/** The warehouse of an order in scope (404 otherwise): a station prints only its own warehouse's orders. */
export async function orderWarehouseId(db: Executor, scope: Scope, orderId: number): Promise<number> {
  return (await orderInScope(db, scope, orderId)).warehouseId;
}

/** The packing slip's data for an order in scope: cartons with their items, then what is in no carton. */
export async function packingSlipDocument(
  db: Executor,
  storage: FileStorage,
  scope: Scope,
  orderId: number,
): Promise<PackingSlipDocument> {
  const order = await orderInScope(db, scope, orderId);
  const [cartonRows, lines, logoBytes] = await Promise.all([
    cartonsOfOrder(db, orderId),
    linesOfOrder(db, orderId),
    order.logoKey ? storage.get(order.logoKey) : Promise.resolve(null),
  ]);
  const cartons = new Map<number, SlipCarton & { lines: DocumentLine[] }>();
  const packed = new Map<number, number>();
  for (const row of cartonRows) {
    let carton = cartons.get(row.id);
    if (!carton) {
      carton = { number: row.number, sscc: row.sscc, weightG: row.weightG, lines: [] };
      cartons.set(row.id, carton);
    }
    if (row.orderItemId !== null && row.quantity !== null) {
      carton.lines.push({
        sku: row.sku ?? '',
        name: slipName(row.name ?? '', row.kitSku),
        quantity: row.quantity,
        lot: row.lot,
      });
      packed.set(row.orderItemId, (packed.get(row.orderItemId) ?? 0) + row.quantity);
    }
  }
  const unpacked = lines
    .map((line) => ({
      sku: line.sku,
      name: slipName(line.name, line.kitSku),
      quantity: line.quantity - (packed.get(line.id) ?? 0),
      lot: null,
    }))
    .filter((line) => line.quantity > 0);
  return {
    accountName: order.accountName,
    logo:
      logoBytes && order.logoType ? { bytes: logoBytes, type: order.logoType === 'image/png' ? 'png' : 'jpeg' } : null,
    warehouse: order.warehouseName,
    orderNumber: order.orderNumber,
    externalId: order.externalId,
    shipTo: [order.customerName],
    notes: order.notes,
    cartons: [...cartons.values()],
    unpacked,
    printedAt: new Date(),
  };
}

/** The GS1 label data of a closed carton in scope (422 while it is open: it has no SSCC yet). */
export async function cartonLabelDocument(db: Executor, scope: Scope, cartonId: number): Promise<CartonLabelDocument> {
  const carton = await findCartonInScope(db, scope, cartonId);
  if (!carton) throw notFound(PACKING_MESSAGES.cartonNotFound);
  if (carton.status === 'open' || !carton.sscc) throw fieldError('carton', PACKING_MESSAGES.labelNeedsClosedCarton);
  const order = await orderInScope(db, scope, carton.orderId);
  return {
    sscc: carton.sscc,
    shipFrom: shipFrom(order),
    shipTo: [order.customerName],
    orderNumber: order.orderNumber,
    reference: order.externalId,
    cartonNumber: carton.number,
    cartonCount: carton.cartonCount,
    weightG: carton.weightG,
  };
}

/** Only the characters a download's file name keeps everywhere. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

export async function packingSlipFile(
  db: Executor,
  storage: FileStorage,
  auth: RequestAuth,
  orderId: number,
  layout: PackingSlipLayout,
) {
  assertMayPrintDocuments(auth);
  const slip = await packingSlipDocument(db, storage, await auth.scope(), orderId);
  return {
    fileName: `packing-slip-${fileSafe(slip.orderNumber)}-${layout}.pdf`,
    pdf: Buffer.from(await packingSlipPdf(slip, layout)),
  };
}

export async function cartonLabelFile(db: Executor, auth: RequestAuth, cartonId: number, format: 'pdf' | 'zpl') {
  assertMayPrintDocuments(auth);
  const label = await cartonLabelDocument(db, await auth.scope(), cartonId);
  const base = `carton-${label.sscc}`;
  return format === 'pdf'
    ? { fileName: `${base}.pdf`, contentType: 'application/pdf', bytes: Buffer.from(await cartonLabelPdf(label)) }
    : { fileName: `${base}.zpl`, contentType: 'application/zpl', bytes: Buffer.from(cartonLabelZpl(label)) };
}
