import { ORDER_MESSAGES } from '@wms/contract/orders';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { orderWithStock, samplePdf } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

let ctx: TestContext;
const storage = new MemoryFileStorage();
let pdf: Buffer;
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: storage });
  pdf = await samplePdf(1);
});
afterAll(() => ctx.close());

const alphaOrder = () => orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
const upload = (
  actor: Actor,
  orderId: number,
  fields: Record<string, string>,
  file: { content: Buffer; filename?: string } | null = { content: pdf },
) =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/orders/${orderId}/labels`,
    ...multipart(
      fields,
      file
        ? {
            field: 'label_file',
            filename: file.filename ?? 'label.pdf',
            content: file.content,
            contentType: 'application/pdf',
          }
        : undefined,
    ),
  });

describe('labels', () => {
  it('uploads a PDF label, lists it with its download_url and downloads it', async () => {
    const order = await alphaOrder();
    const res = await upload('client', order.id, {
      label_name: 'UPS label',
      label_type: 'return',
      tracking_number: '1Z999',
      carrier: 'UPS',
    });
    expect(res.statusCode, res.body).toBe(201);
    const label = res.json().data;
    expect(res.json().message).toBe(ORDER_MESSAGES.labelUploaded);
    expect(label).toMatchObject({
      label_name: 'UPS label',
      label_type: 'return',
      formatted_label_type: 'Return',
      tracking_number: '1Z999',
      carrier: 'UPS',
      download_url: `/api/labels/${label.id}/download`,
    });
    const list = await ctx.as('manager', { method: 'GET', url: `/api/orders/${order.id}/labels` });
    expect(list.json().data.map((l: { id: number }) => l.id)).toEqual([label.id]);
    const download = await ctx.as('client', { method: 'GET', url: label.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const detail = (await ctx.as('client', { method: 'GET', url: `/api/orders/${order.id}` })).json().data;
    expect(detail.has_labels).toBe(true);
    expect(detail.shipment_labels[0].label_type).toBe('return');
  });

  it('defaults the type to shipping', async () => {
    const order = await alphaOrder();
    const res = await upload('client', order.id, { label_name: 'Plain' });
    expect(res.json().data.label_type).toBe('shipping');
  });

  it('checks the bytes, the size and the fields with the §5 messages', async () => {
    const order = await alphaOrder();
    const fake = await upload('client', order.id, { label_name: 'Fake' }, { content: Buffer.from('GIF89a not a pdf') });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(ORDER_MESSAGES.labelNotPdf);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload('client', order.id, { label_name: 'Big' }, { content: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(ORDER_MESSAGES.labelTooLarge);
    const nothing = await upload('client', order.id, {}, null);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toMatchObject({
      label_name: [ORDER_MESSAGES.labelNameRequired],
      label_file: [ORDER_MESSAGES.labelFileRequired],
    });
    const noFile = await upload('client', order.id, { label_name: 'X' }, null);
    expect(noFile.json().errors).toEqual({ label_file: [ORDER_MESSAGES.labelFileRequired] });
    const badType = await upload('client', order.id, { label_name: 'X', label_type: 'gift' });
    expect(badType.json().errors.label_type).toEqual([ORDER_MESSAGES.labelTypeInvalid]);
  });

  it('scopes labels like their order: another client or warehouse gets 404', async () => {
    const order = await alphaOrder();
    const label = (await upload('client', order.id, { label_name: 'Mine' })).json().data;
    expect((await ctx.as('neighbourClient', { method: 'GET', url: label.download_url })).statusCode).toBe(404);
    expect((await ctx.as('otherManager', { method: 'GET', url: label.download_url })).statusCode).toBe(404);
    expect((await ctx.as('neighbourClient', { method: 'GET', url: `/api/orders/${order.id}/labels` })).statusCode).toBe(
      404,
    );
    expect((await upload('neighbourClient', order.id, { label_name: 'Theirs' })).statusCode).toBe(404);
    expect((await upload('otherManager', order.id, { label_name: 'Theirs' })).statusCode).toBe(404);
  });
});

describe('merge items', () => {
  const merge = (actor: Actor, fields: Record<string, string>, file?: Buffer) =>
    ctx.as(actor, {
      method: 'POST',
      url: '/api/merge-items',
      ...multipart(fields, file ? { field: 'pdf_file', filename: 'packing.pdf', content: file } : undefined),
    });

  it('merges standalone orders of one warehouse; the list shows a merge row with children', async () => {
    const a = await alphaOrder();
    const b = await alphaOrder();
    await upload('client', a.id, { label_name: 'A' });
    await upload('client', b.id, { label_name: 'B' });
    const res = await merge('client', { title: 'Tuesday pickup', order_ids: JSON.stringify([a.id, b.id]) });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      type: 'merge_item',
      title: 'Tuesday pickup',
      orders_count: 2,
      creator: { name: 'Cleo Client' },
      pdf_original_name: null,
      pdf_file_path: `/api/merge-items/${item.id}/download-pdf`,
    });
    expect(item.children.map((c: { id: number; isChild: boolean }) => [c.id, c.isChild])).toEqual([
      [a.id, true],
      [b.id, true],
    ]);
    const list = (await ctx.as('client', { method: 'GET', url: '/api/orders/with-merge-items' })).json();
    const row = list.data.find((r: { type: string; id: number }) => r.type === 'merge_item' && r.id === item.id);
    expect(row.orders_count).toBe(2);
    expect(list.data.some((r: { type: string; id: number }) => r.type === 'order' && r.id === a.id)).toBe(false);
    // Without an uploaded PDF, the download combines the orders' labels.
    for (const url of [`/api/merge-items/${item.id}/download-pdf`, `/api/orders/merge-items/${item.id}/download-pdf`]) {
      const download = await ctx.as('manager', { method: 'GET', url });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-disposition']).toBe(`attachment; filename="merge-item-${item.id}.pdf"`);
      expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBe(2);
    }
    // Already merged orders cannot be merged again.
    const c = await alphaOrder();
    const again = await merge('client', { title: 'Again', order_ids: JSON.stringify([a.id, c.id]) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.mergeAlreadyMerged);
  });

  it('stores an uploaded PDF and serves it', async () => {
    const a = await alphaOrder();
    const b = await alphaOrder();
    const uploaded = await samplePdf(3);
    const res = await merge('manager', { title: 'With PDF', order_ids: JSON.stringify([a.id, b.id]) }, uploaded);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ pdf_original_name: 'packing.pdf', has_uploaded_pdf: true });
    const download = await ctx.as('client', { method: 'GET', url: res.json().data.pdf_file_path });
    expect(download.rawPayload.equals(uploaded)).toBe(true);
  });

  it('validates title, order count, PDF and warehouse with the §5 messages', async () => {
    const a = await alphaOrder();
    const b = await alphaOrder();
    const blank = await merge('client', { title: '', order_ids: JSON.stringify([a.id]) });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toMatchObject({
      title: [ORDER_MESSAGES.mergeTitleRequired],
      order_ids: [ORDER_MESSAGES.mergeAtLeastTwo],
    });
    expect((await merge('client', { title: 'X', order_ids: 'not json' })).json().errors.order_ids).toEqual([
      ORDER_MESSAGES.mergeOrderIdsInvalid,
    ]);
    const notPdf = await merge('client', { title: 'X', order_ids: JSON.stringify([a.id, b.id]) }, Buffer.from('hello'));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toBe(ORDER_MESSAGES.mergePdfRejected);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await merge('client', { title: 'X', order_ids: JSON.stringify([a.id, b.id]) }, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(ORDER_MESSAGES.mergePdfRejected);
    const beta = await orderWithStock(ctx, ctx.world.accounts.otherClient, ctx.world.warehouses.beta);
    const mixed = await merge('admin', { title: 'X', order_ids: JSON.stringify([a.id, beta.id]) });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.order_ids).toEqual([ORDER_MESSAGES.mergeOneWarehouse]);
  });

  it('refuses orders of two accounts in one warehouse (422), so no client is served the other’s PDF', async () => {
    const mine = await alphaOrder();
    const neighbours = await orderWithStock(ctx, ctx.world.accounts.neighbourActive, ctx.world.warehouses.alpha);
    const ids = JSON.stringify([mine.id, neighbours.id]);
    const before = (await ctx.as('neighbourClient', { method: 'GET', url: `/api/orders/${neighbours.id}` })).json();
    for (const actor of ['admin', 'manager'] as const) {
      const res = await merge(actor, { title: 'Two clients', order_ids: ids }, pdf);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.order_ids).toEqual([ORDER_MESSAGES.mergeOneAccount]);
    }
    const after = await ctx.as('neighbourClient', { method: 'GET', url: `/api/orders/${neighbours.id}` });
    expect(after.json().data.merge_item_id).toBeNull();
    expect(before.data.merge_item_id).toBeNull();
  });

  it('refuses the whole set when any order is out of scope (404), and hides merge items of others', async () => {
    const mine = await alphaOrder();
    const mine2 = await alphaOrder();
    const neighbours = await orderWithStock(ctx, ctx.world.accounts.neighbourActive, ctx.world.warehouses.alpha);
    const res = await merge('client', { title: 'Sneaky', order_ids: JSON.stringify([mine.id, neighbours.id]) });
    expect(res.statusCode).toBe(404);
    const manager = await merge('otherManager', { title: 'Sneaky', order_ids: JSON.stringify([mine.id, mine2.id]) });
    expect(manager.statusCode).toBe(404);
    const created = (await merge('client', { title: 'Mine', order_ids: JSON.stringify([mine.id, mine2.id]) })).json()
      .data;
    const url = `/api/merge-items/${created.id}/download-pdf`;
    expect((await ctx.as('neighbourClient', { method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.as('otherManager', { method: 'GET', url })).statusCode).toBe(404);
    // No labels and no uploaded PDF: nothing to print.
    const none = await ctx.as('client', { method: 'GET', url });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ORDER_MESSAGES.mergeNoPdf);
  });
});
