import { LABEL_MAX_BYTES, ORDER_MESSAGES } from '@wms/contract/orders';
import { uploadParsesAsPdf } from '../../../files/pdf-check';
import type { SpooledFile } from '../../../files/spooled-upload';
import { HttpError } from '../../../http/errors';

/**
 * The checks every label upload gets (an order's label, a return's label): the size cap the route spools the form
 * with, and the real type — the bytes must parse as a PDF with a page, whatever the name or declared type say.
 */
export const LABEL_UPLOAD_LIMITS = { maxBytes: LABEL_MAX_BYTES, tooLargeMessage: ORDER_MESSAGES.labelTooLarge };

/** 415 unless the spooled upload is a PDF a reader can open. */
export async function requireLabelPdf(upload: SpooledFile): Promise<void> {
  if (!(await uploadParsesAsPdf(upload))) throw new HttpError(415, ORDER_MESSAGES.labelNotPdf);
}
