/*
 * The labels module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { attachStoredLabels } from './attach-stored-labels';
export { listOrderLabels, readLabelFile } from './label-download';
export { storePdf } from './store-pdf';
