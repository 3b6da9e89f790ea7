import { INQUIRY_MESSAGES } from '@wms/contract/inquiries';
import { ORDER_CREATION_MESSAGES } from '@wms/contract/order-creation';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, rolePermissions, roles } from '../src/db/schema/access';
import { inquiries } from '../src/db/schema/inquiries';
import { inventories } from '../src/db/schema/inventory';
import { mergeItems, orderItems, orders } from '../src/db/schema/orders';
import { createProduct, uniqueSku } from './support/catalogue';
import { MemoryFileStorage } from './support/memory-storage';
import { multipart } from './support/multipart';
import { orderWithStock, samplePdf, stockedProduct } from './support/orders';
import { changedTables, snapshotTables } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * The twelve scope and state rules a hand mutation of the newer modules could delete without any test
 * failing. Each test names the rule it protects (scripts/mutate-scope.mjs deletes each one and expects a failure).
 * Writes refused out of scope must not only answer 404/403/422: the row, the ledger and the events stay as they
 * were (re-read here, or every table compared with support/table-snapshot.ts).
 */
let ctx: TestContext;
const storage = new MemoryFileStorage();
beforeAll(async () => {
  ctx = await createTestContext({}, { fileStorage: storage });
});
afterAll(() => ctx.close());

const alphaOrder = () => orderWithStock(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha);
const neighbourOrder = () => orderWithStock(ctx, ctx.world.accounts.neighbourActive, ctx.world.warehouses.alpha);

/** Runs a refused request and asserts that no table changed (rows, ledger movements, events, counters, files). */
async function expectNothingChanged(request: () => Promise<LightMyRequestResponse>, status: number) {
  const before = await snapshotTables(ctx.handle.db);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  expect(changedTables(before, await snapshotTables(ctx.handle.db))).toEqual([]);
  return res;
}

describe('order writes behind the access gate (each re-reads the row)', () => {
  // Rule: order-status-change.ts `await requireAccess(...)` in changeOrderStatus. Without it the status changes
  // (and the reservation is released) while the answer, re-read within scope, still says 404.
  it("refuses another warehouse's manager and a neighbour client a status change, and the order stays pending", async () => {
    const order = await alphaOrder();
    const [before] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
    for (const actor of ['otherManager', 'neighbourClient'] as const) {
      await expectNothingChanged(
        () =>
          ctx.as(actor, { method: 'POST', url: `/api/orders/${order.id}/status`, payload: { status: 'cancelled' } }),
        404,
      );
    }
    const [after] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toEqual(before);
  });

  // Rule: order-edit.ts `await requireAccess(...)` in updateOrder.
  it("refuses an edit of someone else's order, and its customer and quantities stay", async () => {
    const order = await alphaOrder();
    const [item] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    for (const actor of ['otherManager', 'neighbourClient', 'otherClient'] as const) {
      await expectNothingChanged(
        () =>
          ctx.as(actor, {
            method: 'PUT',
            url: `/api/orders/${order.id}`,
            payload: { customer_name: `Hijacked by ${actor}`, items: [{ id: item!.id, quantity: 1 }] },
          }),
        404,
      );
    }
    const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.customerName).not.toContain('Hijacked');
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(line!.quantity).toBe(item!.quantity);
  });

  // Rule: order-verification.ts `await requireAccess(...)` in verifyOrderItem.
  it("refuses another warehouse's manager a verification, and the item stays unverified", async () => {
    const order = await alphaOrder();
    const [item] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await expectNothingChanged(
      () =>
        ctx.as('otherManager', {
          method: 'POST',
          url: `/api/orders/${order.id}/items/${item!.id}/verify`,
          payload: { verified: true },
        }),
      404,
    );
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.id, item!.id));
    expect(line!.verifiedQuantity).toBe(0);
  });

  // Rule: order-verification.ts `await requireAccess(...)` in scanOrderSku.
  it("refuses another warehouse's manager a scan of the order's SKU, and no unit is verified", async () => {
    const order = await alphaOrder();
    await expectNothingChanged(
      () =>
        ctx.as('otherManager', { method: 'POST', url: `/api/orders/${order.id}/scan`, payload: { sku: order.sku } }),
      404,
    );
    const [line] = await ctx.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line!.verifiedQuantity).toBe(0);
  });

  // Rule: order-edit.ts `await requireAccess(...)` in deleteOrder. Roles are data: once a super-admin grants
  // `delete orders` to managers, only the gate keeps one warehouse's manager off another warehouse's orders.
  it("refuses a manager granted `delete orders` the delete of another warehouse's order, and it stays", async () => {
    const { db } = ctx.handle;
    const [managerRole] = await db.select().from(roles).where(eq(roles.name, 'manager'));
    const [deleteOrders] = await db.select().from(permissions).where(eq(permissions.name, 'delete orders'));
    const grant = { roleId: managerRole!.id, permissionId: deleteOrders!.id };
    await db.insert(rolePermissions).values(grant);
    try {
      const order = await alphaOrder();
      await expectNothingChanged(
        () => ctx.as('otherManager', { method: 'DELETE', url: `/api/orders/${order.id}` }),
        404,
      );
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toBeDefined();
    } finally {
      await db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, grant.roleId), eq(rolePermissions.permissionId, grant.permissionId)));
    }
  });
});

describe('a merge item holding orders of two accounts (made before merges were limited, or by staff)', () => {
  let mergeId: number;
  let own: { id: number };
  let neighbours: { id: number };
  beforeAll(async () => {
    own = await alphaOrder();
    neighbours = await neighbourOrder();
    const label = await samplePdf(1);
    for (const order of [own, neighbours]) {
      const res = await ctx.as('admin', {
        method: 'POST',
        url: `/api/orders/${order.id}/labels`,
        ...multipart(
          { label_name: `Label ${order.id}` },
          { field: 'label_file', filename: 'label.pdf', content: label, contentType: 'application/pdf' },
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Written directly: the rows as they exist, whatever rule later limits new merges.
    const [item] = await ctx.handle.db
      .insert(mergeItems)
      .values({ title: 'Two accounts', warehouseId: ctx.world.warehouses.alpha, createdBy: ctx.world.users.admin.id })
      .returning({ id: mergeItems.id });
    mergeId = item!.id;
    await ctx.handle.db
      .update(orders)
      .set({ mergeItemId: mergeId })
      .where(inArray(orders.id, [own.id, neighbours.id]));
  });

  // Rule: orders-list-repository.ts `and(inArray(orders.mergeItemId, mergeIds), matches)` (the children's scope).
  it("lists it to each client with only their own order as a child, never the neighbour's", async () => {
    const res = await ctx.as('client', { method: 'GET', url: '/api/orders/with-merge-items?per_page=100' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.find((r: { type: string; id: number }) => r.type === 'merge_item' && r.id === mergeId);
    expect(row.children.map((c: { id: number }) => c.id)).toEqual([own.id]);
    expect(row.orders_count).toBe(1);
  });

  // Rule: merge-item-pdf.ts `.where(and(eq(orders.mergeItemId, id), orderScope(scope)))` (the labels' scope).
  it("prints for a client only their own order's label in the combined PDF", async () => {
    const forClient = await ctx.as('client', { method: 'GET', url: `/api/merge-items/${mergeId}/download-pdf` });
    expect(forClient.statusCode).toBe(200);
    expect((await PDFDocument.load(forClient.rawPayload)).getPageCount()).toBe(1);
    const forAdmin = await ctx.as('admin', { method: 'GET', url: `/api/merge-items/${mergeId}/download-pdf` });
    expect((await PDFDocument.load(forAdmin.rawPayload)).getPageCount()).toBe(2);
  });
});

describe('a merge item with an uploaded PDF', () => {
  // Rule: merge-item-pdf.ts `.where(and(eq(mergeItems.id, id), mergeItemScope(scope)))`. The combined labels are
  // scoped on their own, but an uploaded PDF is served as it is: only the merge item's scope keeps it private.
  it('serves it to the owning client, and to nobody outside the merged orders’ scope', async () => {
    const [a, b] = [await alphaOrder(), await alphaOrder()];
    const created = await ctx.as('manager', {
      method: 'POST',
      url: '/api/merge-items',
      ...multipart(
        { title: 'Packing list', order_ids: JSON.stringify([a.id, b.id]) },
        { field: 'pdf_file', filename: 'packing.pdf', content: await samplePdf(3), contentType: 'application/pdf' },
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = created.json().data.pdf_file_path as string;
    expect((await ctx.as('client', { method: 'GET', url })).statusCode).toBe(200);
    for (const actor of ['neighbourClient', 'otherClient', 'otherManager'] as const) {
      expect((await ctx.as(actor, { method: 'GET', url })).statusCode, actor).toBe(404);
    }
  });
});

describe('order creation and its look-ups', () => {
  // Rule: create-orders.ts `if (!account.warehouseIds.has(order.warehouseId)) issue(...accountNotInWarehouse)`.
  it('refuses an order for an account that is not linked to the warehouse, even for an administrator', async () => {
    const { productId } = await stockedProduct(ctx, ctx.world.accounts.clientActive, ctx.world.warehouses.alpha, 5);
    const res = await expectNothingChanged(
      () =>
        ctx.as('admin', {
          method: 'POST',
          url: '/api/orders/bulk',
          payload: {
            orders: [
              {
                account_id: ctx.world.accounts.clientActive,
                warehouse_id: ctx.world.warehouses.beta,
                customer_name: 'Wrong warehouse',
                ship_date: '2026-12-01',
                order_id: `WRONG-WH-${Date.now()}`,
                products: [{ product_id: productId, quantity: 1 }],
              },
            ],
          },
        }),
      422,
    );
    expect(res.json().errors['orders.0.account_id']).toEqual([ORDER_CREATION_MESSAGES.accountNotInWarehouse]);
  });

  // Rule: available-inventory-repository.ts `accountCondition(scope, products.accountId)` (no account_id in the query).
  it("offers a client without account_id only their own accounts' products, never the neighbour's", async () => {
    const name = `Neighbour secret ${uniqueSku()}`;
    await createProduct(ctx, ctx.world.accounts.neighbourActive, { name });
    const url = `/api/orders/available-inventory?warehouse_id=${ctx.world.warehouses.alpha}&search=${encodeURIComponent(name)}`;
    const asClient = await ctx.as('client', { method: 'GET', url });
    expect(asClient.statusCode, asClient.body).toBe(200);
    expect(asClient.json().data).toEqual([]);
    const asNeighbour = await ctx.as('neighbourClient', { method: 'GET', url });
    expect(asNeighbour.json().data.map((r: { name: string }) => r.name)).toEqual([name]);
  });
});

describe('inquiries', () => {
  const raise = (actor: 'client' | 'manager' | 'admin', payload: Record<string, unknown>) =>
    ctx.as(actor, { method: 'POST', url: '/api/inquiries', payload });
  const aboutAccount = {
    type: 'account',
    query: 'A question about the Cleo account.',
    warehouse_id: 0,
    account_id: 0,
    subject_id: 0,
  };
  const accountInquiry = () => ({
    ...aboutAccount,
    warehouse_id: ctx.world.warehouses.alpha,
    account_id: ctx.world.accounts.clientActive,
    subject_id: ctx.world.accounts.clientActive,
  });

  // Rule: inquiries-service.ts `const effective = showAssignee(auth) ? filter : { ...filter, assigned_to: undefined }`.
  it('ignores a client’s assignee filter (it would reveal who handles what)', async () => {
    const created = await raise('client', accountInquiry());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const [row] = await ctx.handle.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row!.assignedTo).toBe(ctx.world.users.manager.id);
    // Filtering by someone who does not hold it: a client still gets their inquiry (the filter is not applied).
    const res = await ctx.as('client', {
      method: 'GET',
      url: `/api/inquiries?assigned_to=${ctx.world.users.admin.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((i: { id: number }) => i.id)).toContain(id);
  });

  // Rule: inquiries-service.ts `if (!auth.allows('editAnyInquiry') && !isCreator) throw forbidden(...)`.
  it('refuses a client editing an inquiry staff raised about their account, and the text stays', async () => {
    const created = await raise('manager', accountInquiry());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    // The client may read it (it concerns their account)…
    expect((await ctx.as('client', { method: 'GET', url: `/api/inquiries/${id}` })).statusCode).toBe(200);
    // …but not rewrite it.
    const res = await expectNothingChanged(
      () =>
        ctx.as('client', {
          method: 'PUT',
          url: `/api/inquiries/${id}`,
          payload: { query: 'Rewritten by the client.', status: 'closed' },
        }),
      403,
    );
    expect(res.json().message).toBe(INQUIRY_MESSAGES.cannotEdit);
    const [row] = await ctx.handle.db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ query: aboutAccount.query, status: 'open' });
  });

  // Rule: inquiries-service.ts `if (subject.warehouseId !== null && subject.warehouseId !== input.warehouse_id)`.
  it('refuses an inquiry in one warehouse about an order of another warehouse', async () => {
    const order = await alphaOrder();
    const res = await expectNothingChanged(
      () =>
        raise('admin', {
          type: 'orders',
          query: 'Where is this order?',
          warehouse_id: ctx.world.warehouses.beta,
          subject_id: order.id,
        }),
      422,
    );
    expect(res.json().errors.subject_id).toEqual([INQUIRY_MESSAGES.subjectInvalid]);
  });
});

describe('dashboard', () => {
  // Rule: dashboard-repository.ts warehouseOverview: `and i.account_id in (…)` for a client's scope.
  it("counts in a client's warehouse_inventory only their accounts' units, not the neighbour's", async () => {
    const { alpha } = ctx.world.warehouses;
    await stockedProduct(ctx, ctx.world.accounts.neighbourActive, alpha, 7000);
    await stockedProduct(ctx, ctx.world.accounts.clientActive, alpha, 30);
    const sumOf = async (accountIds: number[]) => {
      const [row] = await ctx.handle.db
        .select({ units: sql<number>`coalesce(sum(${inventories.quantityAvailable}), 0)::int` })
        .from(inventories)
        .where(sql`${inventories.warehouseId} = ${alpha} and ${inArray(inventories.accountId, accountIds)}`);
      return Number(row!.units);
    };
    const { clientActive, clientInactive, neighbourActive } = ctx.world.accounts;
    const res = await ctx.as('client', { method: 'GET', url: `/api/dashboard?warehouse_id=${alpha}` });
    expect(res.statusCode, res.body).toBe(200);
    const figure = res.json().data.warehouses.warehouse_inventory.find((w: { id: number }) => w.id === alpha);
    expect(figure.available_inventory).toBe(await sumOf([clientActive, clientInactive]));
    expect(figure.available_inventory).toBeLessThan(await sumOf([clientActive, clientInactive, neighbourActive]));
  });
});
