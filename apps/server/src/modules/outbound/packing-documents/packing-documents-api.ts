/*
 * What other modules use of the packing documents: the renderers and their shapes (pure functions of plain data).
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
export { packingSlipPdf } from './packing-slip-pdf';
export { packingSlipZpl } from './packing-slip-zpl';
