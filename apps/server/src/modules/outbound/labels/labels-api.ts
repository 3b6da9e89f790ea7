/*
 * The labels module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { attachStoredLabels } from './attach-stored-labels';
export { listOrderLabels, readLabelFile } from './label-download';
export { LABEL_UPLOAD_LIMITS, requireLabelPdf } from './label-pdf';
export { storePdf } from './store-pdf';
