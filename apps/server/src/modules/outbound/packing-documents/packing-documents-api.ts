/*
 * What other modules use of the packing documents: the renderers and their shapes (pure functions of plain data),
 * and the documents of an order or carton in a caller's scope (the station printer sends them as ZPL).
 */
export { cartonLabelPdf } from './carton-label-pdf';
export { cartonLabelZpl } from './carton-label-zpl';
export type {
  AccountLogo,
  CartonLabelDocument,
  DocumentLine,
  PackingSlipDocument,
  SlipCarton,
  SlipLayout,
} from './packing-document-shapes';
export {
  assertMayPrintDocuments,
  cartonLabelDocument,
  orderWarehouseId,
  packingSlipDocument,
} from './packing-documents-service';
export { packingSlipPdf } from './packing-slip-pdf';
export { packingSlipZpl } from './packing-slip-zpl';
export { pdfLabelZpl } from './pdf-label-zpl';
