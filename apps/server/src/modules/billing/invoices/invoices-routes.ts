import { idParams } from '@wms/contract/ids';
import {
  INVOICE_MESSAGES,
  invoiceCreateSchema,
  invoiceExportQuery,
  invoiceLineInputSchema,
  invoiceLineParams,
  invoiceListQuery,
  invoiceListResponse,
  invoiceResponse,
  invoiceSavedResponse,
  invoiceVoidSchema,
} from '@wms/contract/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../auth/request-auth';
import type { Database } from '../../../db/client';
import { fileDownload, sheetDownload } from '../../../http/openapi/file-responses';
import { invoiceSheet } from './invoice-export';
import { invoicePdf } from './invoice-pdf';
import {
  addManualLine,
  createDraft,
  deleteManualLineOf,
  finalizeInvoice,
  getInvoice,
  getInvoiceDocument,
  listInvoices,
  updateManualLineOf,
  voidInvoice,
} from './invoices-service';

/**
 * Invoices. Reading is `view invoices` (clients: finalized and void invoices of their accounts; staff who
 * manage billing: drafts too); every change is `manage billing`.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Database; currency: string }> = async (
  app,
  { db, currency },
) => {
  app.get(
    '/invoices',
    {
      config: { permission: 'view invoices' },
      schema: {
        summary: 'List invoices, newest period first',
        operationId: 'listInvoices',
        tags: ['billing'],
        querystring: invoiceListQuery,
        response: { 200: invoiceListResponse },
      },
    },
    async (request) => listInvoices(db, requireAuth(request.auth), request.query),
  );

  app.post(
    '/invoices',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: "Create a draft invoice from the preview of an account's period (again: regenerate that draft)",
        operationId: 'createInvoice',
        tags: ['billing'],
        body: invoiceCreateSchema,
        response: { 201: invoiceSavedResponse },
      },
    },
    async (request, reply) => {
      const { invoice, regenerated } = await createDraft(db, requireAuth(request.auth), request.body, currency);
      const message = regenerated ? INVOICE_MESSAGES.draftRegenerated : INVOICE_MESSAGES.draftCreated;
      return reply.status(201).send({ invoice, message });
    },
  );

  app.get(
    '/invoices/:id',
    {
      config: { permission: 'view invoices' },
      schema: {
        summary: 'Get an invoice with its lines grouped by charge type',
        operationId: 'getInvoice',
        tags: ['billing'],
        params: idParams,
        response: { 200: invoiceResponse },
      },
    },
    async (request) => ({ invoice: await getInvoice(db, requireAuth(request.auth), request.params.id) }),
  );

  app.post(
    '/invoices/:id/lines',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Add a manual line to a draft invoice',
        operationId: 'addInvoiceLine',
        tags: ['billing'],
        params: idParams,
        body: invoiceLineInputSchema,
        response: { 201: invoiceSavedResponse },
      },
    },
    async (request, reply) => {
      const invoice = await addManualLine(db, requireAuth(request.auth), request.params.id, request.body);
      return reply.status(201).send({ invoice, message: INVOICE_MESSAGES.lineAdded });
    },
  );

  app.put(
    '/invoices/:id/lines/:lineId',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary:
          'Edit a manual line of a draft invoice (derived lines follow the facts; finalized invoices never change)',
        operationId: 'updateInvoiceLine',
        tags: ['billing'],
        params: invoiceLineParams,
        body: invoiceLineInputSchema,
        response: { 200: invoiceSavedResponse },
      },
    },
    async (request) => ({
      invoice: await updateManualLineOf(
        db,
        requireAuth(request.auth),
        request.params.id,
        request.params.lineId,
        request.body,
      ),
      message: INVOICE_MESSAGES.lineUpdated,
    }),
  );

  app.delete(
    '/invoices/:id/lines/:lineId',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Delete a manual line of a draft invoice',
        operationId: 'deleteInvoiceLine',
        tags: ['billing'],
        params: invoiceLineParams,
        response: { 200: invoiceSavedResponse },
      },
    },
    async (request) => ({
      invoice: await deleteManualLineOf(db, requireAuth(request.auth), request.params.id, request.params.lineId),
      message: INVOICE_MESSAGES.lineDeleted,
    }),
  );

  app.post(
    '/invoices/:id/finalize',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Finalize a draft: it takes the next invoice number and its lines and totals are frozen',
        operationId: 'finalizeInvoice',
        tags: ['billing'],
        params: idParams,
        response: { 200: invoiceSavedResponse },
      },
    },
    async (request) => ({
      invoice: await finalizeInvoice(db, requireAuth(request.auth), request.params.id),
      message: INVOICE_MESSAGES.finalized,
    }),
  );

  app.post(
    '/invoices/:id/void',
    {
      config: { permission: 'manage billing' },
      schema: {
        summary: 'Void a finalized invoice with a reason (its number stays used)',
        operationId: 'voidInvoice',
        tags: ['billing'],
        params: idParams,
        body: invoiceVoidSchema,
        response: { 200: invoiceSavedResponse },
      },
    },
    async (request) => ({
      invoice: await voidInvoice(db, requireAuth(request.auth), request.params.id, request.body.reason),
      message: INVOICE_MESSAGES.voided,
    }),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { permission: 'view invoices' },
      schema: {
        summary: 'The invoice as a PDF',
        operationId: 'invoicePdf',
        tags: ['billing'],
        params: idParams,
        response: { 200: fileDownload('The invoice PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const { invoice, logo } = await getInvoiceDocument(db, requireAuth(request.auth), request.params.id);
      const pdf = await invoicePdf(invoice, logo);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${invoice.number ?? `draft-invoice-${invoice.id}`}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.get(
    '/invoices/:id/export',
    {
      config: { permission: 'view invoices' },
      schema: {
        summary: "The invoice's lines with their evidence references as CSV or XLSX",
        operationId: 'exportInvoice',
        tags: ['billing'],
        params: idParams,
        querystring: invoiceExportQuery,
        response: { 200: sheetDownload('The invoice lines') },
      },
    },
    async (request, reply) => {
      // The export is where every fact of every line is listed.
      const invoice = await getInvoice(db, requireAuth(request.auth), request.params.id, 'all');
      const file = invoiceSheet(invoice, request.query.format);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );
};
