import { ORDER_MESSAGES } from '@wms/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { orderWithStock, samplePdf } from './support/orders';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * A label, a draft label and a merge PDF must parse as a PDF (a `%PDF-` header in the first
 * kilobyte is not enough), and each downloads under a `.pdf` name whatever name it was uploaded with.
 */

let ctx: TestContext;
const storage = new MemoryFileStorage();
let pdf: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: storage });
  pdf = await samplePdf(1);
});
afterAll(() => ctx.close());

/** An HTML page that carries the PDF header in its first kilobyte: what the header check alone let through. */
const htmlWithPdfHeader = Buffer.from(
  '<!-- %PDF-1.7 --><html><body><script>alert(document.cookie)</script></body></html>',
);
/** A real PDF's header followed by damaged bytes: no reader can open it. */
const truncatedPdf = () => pdf.subarray(0, 40);

const alphaOrder = () => orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);

const uploadLabel = (orderId: number, content: Buffer, filename: string) =>
  ctx.as('client', {
    method: 'POST',
    url: `/api/orders/${orderId}/labels`,
    ...multipart(
      { label_name: 'Carrier label' },
      { field: 'label_file', filename, content, contentType: 'application/pdf' },
    ),
  });

const uploadDraftLabel = (draftId: number, content: Buffer, filename: string) =>
  ctx.as('client', {
    method: 'POST',
    url: `/api/bulk-order-drafts/${draftId}/label-files`,
    ...multipart({}, { field: 'label_file', filename, content, contentType: 'application/pdf' }),
  });

const newDraft = async () => {
  const res = await ctx.as('client', {
    method: 'POST',
    url: '/api/bulk-order-drafts',
    payload: {
      account_id: ctx.world.accounts.clientActive,
      warehouse_id: ctx.world.warehouses.alpha,
      title: 'PDF checks',
      description: '',
      draft_data: { orders: [] },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const mergeWithPdf = (orderIds: number[], content: Buffer, filename: string) =>
  ctx.as('client', {
    method: 'POST',
    url: '/api/merge-items',
    ...multipart(
      { title: 'Pickup', order_ids: JSON.stringify(orderIds) },
      { field: 'pdf_file', filename, content, contentType: 'application/pdf' },
    ),
  });

const refused = (request: () => ReturnType<typeof uploadLabel>) => expectRefusedUnchanged(ctx.handle.db, request, 415);

describe('uploaded PDFs must parse as PDFs', () => {
  it.each([
    ['an HTML page with the PDF header in a comment', () => htmlWithPdfHeader],
    ['a PDF cut short after its header', truncatedPdf],
  ])('refuses %s as a label, a draft label and a merge PDF (415, nothing stored)', async (_name, content) => {
    const order = await alphaOrder();
    const other = await alphaOrder();
    const draftId = await newDraft();
    const keysBefore = storage.files.size;

    const label = await refused(() => uploadLabel(order.id, content(), 'label.pdf'));
    expect(label.json().message).toBe(ORDER_MESSAGES.labelNotPdf);
    const draftLabel = await refused(() => uploadDraftLabel(draftId, content(), 'label.pdf'));
    expect(draftLabel.json().message).toBe(ORDER_MESSAGES.labelNotPdf);
    const merge = await refused(() => mergeWithPdf([order.id, other.id], content(), 'packing.pdf'));
    expect(merge.json().message).toBe(ORDER_MESSAGES.mergePdfRejected);

    expect(storage.files.size).toBe(keysBefore);
    const labels = await ctx.as('client', { method: 'GET', url: `/api/orders/${order.id}/labels` });
    expect(labels.json().data).toEqual([]);
  });
});

describe('stored PDFs download under a .pdf name', () => {
  it('names a label and a draft label uploaded as evil.html evil.pdf', async () => {
    const order = await alphaOrder();
    const label = await uploadLabel(order.id, pdf, 'evil.html');
    expect(label.statusCode, label.body).toBe(201);
    const download = await ctx.as('client', { method: 'GET', url: label.json().data.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="evil.pdf"');

    const draftFile = await uploadDraftLabel(await newDraft(), pdf, 'evil.html');
    expect(draftFile.statusCode, draftFile.body).toBe(201);
    const draftDownload = await ctx.as('client', { method: 'GET', url: draftFile.json().data.download_url });
    expect(draftDownload.statusCode).toBe(200);
    expect(draftDownload.headers['content-disposition']).toBe('attachment; filename="evil.pdf"');
  });

  it.each([
    ['label.PDF', 'label.pdf'],
    ['scan', 'scan.pdf'],
    ['../../page.svg', 'page.pdf'],
    ['.html', 'html.pdf'],
  ])('names a label uploaded as %s %s', async (uploaded, downloaded) => {
    const order = await alphaOrder();
    const label = await uploadLabel(order.id, pdf, uploaded);
    expect(label.statusCode, label.body).toBe(201);
    const download = await ctx.as('client', { method: 'GET', url: label.json().data.download_url });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${downloaded}"`);
  });

  it('names a merge PDF uploaded as evil.html after its merge item', async () => {
    const a = await alphaOrder();
    const b = await alphaOrder();
    const res = await mergeWithPdf([a.id, b.id], pdf, 'evil.html');
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data;
    const download = await ctx.as('client', { method: 'GET', url: item.pdf_file_path });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="merge-item-${item.id}.pdf"`);
  });
});
