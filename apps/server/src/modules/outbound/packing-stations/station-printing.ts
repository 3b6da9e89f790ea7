import { buffer } from 'node:stream/consumers';
import { PACKING_MESSAGES, type PrintDocument, type stationPrintSchema } from '@wms/contract/packing';
import type { z } from 'zod';
import type { RequestAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import type { FileStorage } from '../../../files/file-storage';
import { conflict, fieldError, HttpError } from '../../../http/errors';
import { listOrderLabels, readLabelFile } from '../labels/labels-api';
import {
  assertMayPrintDocuments,
  cartonLabelDocument,
  cartonLabelZpl,
  orderWarehouseId,
  packingSlipDocument,
  packingSlipZpl,
  pdfLabelZpl,
} from '../packing-documents/packing-documents-api';
import { networkCidrs } from './packing-stations-repository';
import { stationInScope } from './packing-stations-service';
import { checkPrinterAddress, type PrinterAddressPolicy } from './printer-address';
import { PrinterUnreachableError, sendRaw } from './raw-printer';

const STATION_INACTIVE = 'This packing station is deactivated: choose another.';

type StationPrintInput = z.output<typeof stationPrintSchema>;

export interface PrintSettings extends PrinterAddressPolicy {
  timeoutMs: number;
}

const DOCUMENT_NAMES: Record<PrintDocument, string> = {
  packing_slip: 'the packing slip',
  carton_label: 'the carton label',
  shipping_label: 'the shipping label',
};

/** The ZPL of the asked document, for an order (and carton) the caller may print, in the station's warehouse. */
async function documentZpl(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  warehouseId: number,
  input: StationPrintInput,
): Promise<string> {
  const scope = await auth.scope();
  if ((await orderWarehouseId(db, scope, input.order_id)) !== warehouseId) {
    throw fieldError('order_id', 'This order ships from another warehouse than this station’s.');
  }
  const slip = await packingSlipDocument(db, storage, scope, input.order_id);
  if (input.document === 'packing_slip') return packingSlipZpl(slip);
  if (input.document === 'carton_label') {
    if (!input.carton_id) throw fieldError('carton_id', PACKING_MESSAGES.cartonNotFound);
    const label = await cartonLabelDocument(db, scope, input.carton_id);
    if (label.orderNumber !== slip.orderNumber) throw fieldError('carton_id', PACKING_MESSAGES.cartonNotFound);
    return cartonLabelZpl(label);
  }
  // The order's newest shipping label, a PDF, rasterised into a ^GF graphic.
  const labels = (await listOrderLabels(db, scope, input.order_id)).filter((l) => l.label_type === 'shipping');
  const newest = labels.at(-1);
  if (!newest) throw fieldError('document', PACKING_MESSAGES.noShippingLabel);
  const { stored } = await readLabelFile(db, storage, scope, newest.id);
  return pdfLabelZpl(await buffer(stored.stream));
}

/**
 * Sends a packing document to a station's network label printer as raw ZPL over TCP. The printer's address is
 * checked against the warehouse's printer networks at every print (a network removed since the station was saved
 * closes it), resolved once, and connected to as checked. A browser station answers 422: the UI opens the PDF.
 */
export async function printAtStation(
  db: Database,
  storage: FileStorage,
  auth: RequestAuth,
  stationId: number,
  input: StationPrintInput,
  settings: PrintSettings,
): Promise<{ message: string; bytes: number }> {
  assertMayPrintDocuments(auth);
  const station = await stationInScope(db, auth, stationId);
  if (!station.active) throw conflict(STATION_INACTIVE);
  if (station.output !== 'printer' || !station.printerHost) {
    throw fieldError('document', PACKING_MESSAGES.browserStation);
  }
  const zpl = await documentZpl(db, storage, auth, station.warehouseId, input);
  const check = await checkPrinterAddress(station.printerHost, await networkCidrs(db, station.warehouseId), settings);
  if (!check.ok) throw fieldError('printer_host', PACKING_MESSAGES.printerOutsideNetworks);
  const bytes = Buffer.from(zpl, 'utf8');
  try {
    await sendRaw(
      { address: check.address, port: station.printerPort, host: station.printerHost },
      bytes,
      settings.timeoutMs,
    );
  } catch (error) {
    if (error instanceof PrinterUnreachableError) throw new HttpError(502, error.message);
    throw error;
  }
  return { message: PACKING_MESSAGES.printed(DOCUMENT_NAMES[input.document]), bytes: bytes.length };
}
