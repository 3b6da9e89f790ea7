import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/accounts';
import { files } from '../src/db/schema/files';
import { activityOf } from './support/activity';
import { pdfSymbols, zplSymbols } from './support/barcode-symbols';
import { gif, png } from './support/images';
import { multipart } from './support/multipart';
import { addCarton, closedCartonOrder } from './support/packing-documents';
import { pdfText } from './support/pdf-text';
import { createTestContext, type TestContext } from './support/test-app';
import type { Actor } from './support/world';

/** The packing slip, carton label and account logo routes through the real app, with two tenants side by side. */
let ctx: TestContext;
let packed: Awaited<ReturnType<typeof closedCartonOrder>>;
beforeAll(async () => {
  ctx = await createTestContext();
  packed = await closedCartonOrder(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
});
afterAll(() => ctx.close());

const slip = (actor: Actor, orderId = packed.order.id, layout = 'a4') =>
  ctx.as(actor, { method: 'GET', url: `/api/orders/${orderId}/packing-slip?layout=${layout}` });
const label = (actor: Actor, cartonId: number, format = 'pdf') =>
  ctx.as(actor, { method: 'GET', url: `/api/cartons/${cartonId}/label?format=${format}` });
/** How many images a PDF embeds (poppler's pdfimages), to see the logo printed. */
function imageCount(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'slip-images-'));
  try {
    writeFileSync(join(dir, 'slip.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'slip.pdf')], { encoding: 'utf8' });
    return list.trim().split('\n').length - 2;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const pageSize = async (pdf: Buffer) => {
  const { width, height } = (await PDFDocument.load(pdf)).getPage(0).getSize();
  return [Math.round(width), Math.round(height)];
};

describe('packing slip', () => {
  it('staff who pack and the order’s own client get the PDF; its order barcode decodes and it lists the cartons', async () => {
    for (const actor of ['admin', 'manager', 'client'] as const) {
      const res = await slip(actor);
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
    }
    const pdf = (await slip('manager')).rawPayload;
    expect(pdfSymbols(pdf)).toEqual([[{ type: 'CODE-128', data: packed.order.orderNumber, gs1: false }]]);
    const text = pdfText(pdf, { layout: true });
    expect(text).toContain('Cleo Active Goods');
    expect(text).toContain('Jane Customer');
    expect(text).toContain(`Carton 1 of 2 · 3 units · 1.25 kg · SSCC (00) ${packed.cartons[0]!.sscc}`);
    expect(text).toContain(`${packed.skus[1]} Red gadget ${packed.lot} 2`);
  });

  it('answers each layout at its page size; an unknown layout is 422', async () => {
    expect(await pageSize((await slip('admin', packed.order.id, 'letter')).rawPayload)).toEqual([612, 792]);
    expect(await pageSize((await slip('admin', packed.order.id, '4x6')).rawPayload)).toEqual([288, 432]);
    const bad = await slip('admin', packed.order.id, 'a3');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.layout).toHaveLength(1);
  });

  it('another tenant’s client and another warehouse’s manager get 404', async () => {
    expect((await slip('neighbourClient')).statusCode).toBe(404);
    expect((await slip('otherClient')).statusCode).toBe(404);
    expect((await slip('otherManager')).statusCode).toBe(404);
  });
});

describe('carton label', () => {
  it('a closed carton’s label decodes to its SSCC as GS1-128, as PDF and as ZPL', async () => {
    const carton = packed.cartons[1]!;
    const pdf = await label('manager', carton.id);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdfSymbols(pdf.rawPayload)).toEqual([[{ type: 'CODE-128', data: `00${carton.sscc}`, gs1: true }]]);
    expect(pdfText(pdf.rawPayload)).toContain('2 of 2');
    const zpl = await label('client', carton.id, 'zpl');
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.headers['content-type']).toBe('application/zpl');
    expect(await zplSymbols(zpl.body)).toEqual([[{ type: 'CODE-128', data: `00${carton.sscc}`, gs1: true }]]);
  });

  it('an open carton has no label yet (422); other tenants get 404', async () => {
    const open = await addCarton(ctx, packed.order.id, ctx.world.warehouses.alpha, null);
    const res = await label('admin', open);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.carton).toEqual(['Close the carton before printing its label.']);
    expect((await label('neighbourClient', packed.cartons[0]!.id)).statusCode).toBe(404);
    expect((await label('otherManager', packed.cartons[0]!.id, 'zpl')).statusCode).toBe(404);
  });
});

describe('account logo', () => {
  const logoUrl = () => `/api/accounts/${ctx.world.accounts.clientActive}/logo`;
  const upload = (actor: Actor, content: Buffer, filename = 'logo.png') =>
    ctx.as(actor, {
      method: 'PUT',
      url: logoUrl(),
      ...multipart({}, { field: 'logo', filename, content, contentType: 'image/png' }),
    });
  const logoFileId = async () =>
    (
      await ctx.handle.db
        .select({ id: accounts.logoFileId })
        .from(accounts)
        .where(eq(accounts.id, ctx.world.accounts.clientActive))
    )[0]!.id;

  it('the account’s client uploads a PNG: it downloads back, prints on the slip, and is recorded', async () => {
    const image = png(160, 60);
    const res = await upload('client', image);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ url: logoUrl(), mime_type: 'image/png', size_bytes: image.length });
    const download = await ctx.as('manager', { method: 'GET', url: logoUrl() });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(image)).toBe(true);
    expect(imageCount((await slip('admin')).rawPayload)).toBe(1);
    const [event] = await activityOf(ctx.handle.db, 'account', ctx.world.accounts.clientActive);
    expect(event).toMatchObject({ kind: 'account.logo_changed' });
  });

  it('refuses what is not a PNG or JPEG by its bytes (415), over 1 MB (413), another tenant (404), managers lack edit accounts (403): logo unchanged', async () => {
    await upload('client', png(40, 40));
    const before = await logoFileId();
    expect((await upload('client', gif(10, 10), 'renamed.png')).statusCode).toBe(415);
    expect((await upload('client', Buffer.from('not an image at all'))).statusCode).toBe(415);
    const big = Buffer.concat([png(10, 10), Buffer.alloc(1024 * 1024)]);
    expect((await upload('client', big)).statusCode).toBe(413);
    expect((await upload('neighbourClient', png(10, 10))).statusCode).toBe(404);
    expect((await upload('otherManager', png(10, 10))).statusCode).toBe(403);
    expect(await logoFileId()).toBe(before);
    expect((await ctx.as('neighbourClient', { method: 'GET', url: logoUrl() })).statusCode).toBe(404);
  });

  it('a new logo replaces the old file; removing it leaves none, and the slip still prints', async () => {
    await upload('client', png(30, 30));
    const first = await logoFileId();
    await upload('admin', png(50, 20));
    const second = await logoFileId();
    expect(second).not.toBe(first);
    expect(await ctx.handle.db.select().from(files).where(eq(files.id, first!))).toEqual([]);
    const removed = await ctx.as('client', { method: 'DELETE', url: logoUrl() });
    expect(removed.statusCode).toBe(200);
    expect(await logoFileId()).toBeNull();
    expect(await ctx.handle.db.select().from(files).where(eq(files.id, second!))).toEqual([]);
    expect((await ctx.as('client', { method: 'GET', url: logoUrl() })).statusCode).toBe(404);
    expect((await ctx.as('client', { method: 'DELETE', url: logoUrl() })).statusCode).toBe(404);
    const after = await slip('client');
    expect(after.statusCode).toBe(200);
    expect(imageCount(after.rawPayload)).toBe(0);
  });
});
