/*
 * The invoices module's public surface: other modules, seed/ and app.ts import only this file of it.
 */

export { createDraft, finalizeInvoice } from './invoices-service';
