import { ORDER_MESSAGES } from '@wms/contract/orders';
import { RETURN_MESSAGES } from '@wms/contract/returns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { files } from '../src/db/schema/files';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { samplePdf } from './support/orders';
import { announced, shippedOrder } from './support/returns';
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

const upload = (actor: Actor, returnId: number, content: Buffer | null = pdf) =>
  ctx.as(actor, {
    method: 'POST',
    url: `/api/returns/${returnId}/label`,
    ...multipart(
      {},
      content ? { field: 'label_file', filename: 'return.pdf', content, contentType: 'application/pdf' } : undefined,
    ),
  });

const announcedReturn = async (actor: Actor = 'client') => announced(ctx, await shippedOrder(ctx), 1, actor);

describe('return label', () => {
  it('stores the PDF as a return_label file, shows its url and serves it back, once', async () => {
    const ret = await announcedReturn();
    const res = await upload('client', ret.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.label_url).toBe(`/api/returns/${ret.id}/label`);
    expect(res.json().data.timeline.map((e: { kind: string }) => e.kind)).toContain('return.label_uploaded');
    const [row] = await ctx.handle.db.select().from(files).where(eq(files.originalName, 'return.pdf'));
    expect(row?.kind).toBe('return_label');
    const download = await ctx.as('manager', { method: 'GET', url: `/api/returns/${ret.id}/label` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const second = await upload('client', ret.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(RETURN_MESSAGES.labelAlreadyUploaded);
  });

  it('checks the real type and the size like order labels, and wants a file', async () => {
    const ret = await announcedReturn();
    const fake = await upload('client', ret.id, Buffer.from('GIF89a not a pdf'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(ORDER_MESSAGES.labelNotPdf);
    const tooBig = await upload('client', ret.id, Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(ORDER_MESSAGES.labelTooLarge);
    const nothing = await upload('client', ret.id, null);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ label_file: [RETURN_MESSAGES.labelFileRequired] });
    // Nothing was kept of the refused uploads.
    const detail = await ctx.as('client', { method: 'GET', url: `/api/returns/${ret.id}` });
    expect(detail.json().data.label_url).toBeNull();
    expect((await ctx.as('client', { method: 'GET', url: `/api/returns/${ret.id}/label` })).statusCode).toBe(404);
  });

  it('refuses a label once the return is past transit', async () => {
    const ret = await announcedReturn();
    expect((await ctx.as('client', { method: 'POST', url: `/api/returns/${ret.id}/cancel` })).statusCode).toBe(200);
    const res = await upload('client', ret.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETURN_MESSAGES.labelNotAllowed);
  });

  it('needs create returns: a client without it gets 403', async () => {
    const ret = await announcedReturn();
    const { db } = ctx.handle;
    const [client] = await db.select().from(roles).where(eq(roles.name, 'client'));
    const [permission] = await db.select().from(permissions).where(eq(permissions.name, 'create returns'));
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, client!.id), eq(rolePermissions.permissionId, permission!.id)));
    try {
      expect((await upload('client', ret.id)).statusCode).toBe(403);
    } finally {
      await db.insert(rolePermissions).values({ roleId: client!.id, permissionId: permission!.id });
    }
  });

  it('scopes the label like its return: the other client of the warehouse and another manager get 404', async () => {
    const ret = await announcedReturn();
    expect((await upload('client', ret.id)).statusCode).toBe(201);
    expect((await upload('neighbourClient', ret.id)).statusCode).toBe(404);
    expect((await upload('otherManager', ret.id)).statusCode).toBe(404);
    const url = `/api/returns/${ret.id}/label`;
    expect((await ctx.as('neighbourClient', { method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.as('otherManager', { method: 'GET', url })).statusCode).toBe(404);
    expect((await ctx.as('client', { method: 'GET', url })).statusCode).toBe(200);
  });
});
