import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAccess } from '../src/auth/access-gate';
import type { Scope } from '../src/auth/scope';
import { userCondition } from '../src/auth/scope-repository';
import { accounts } from '../src/db/schema/accounts';
import { bulkOrderDraftFiles, bulkOrderDrafts } from '../src/db/schema/drafts';
import { files } from '../src/db/schema/files';
import { inquiries } from '../src/db/schema/inquiries';
import { inventories } from '../src/db/schema/inventory';
import { orderItems, orders } from '../src/db/schema/orders';
import { products } from '../src/db/schema/products';
import { shipments } from '../src/db/schema/shipments';
import { users } from '../src/db/schema/users';
import { warehouses, warehouseUsers } from '../src/db/schema/warehouses';
import { accountResource } from '../src/modules/catalogue/accounts/account-scope';
import { deleteAccountRow, updateAccountRow } from '../src/modules/catalogue/accounts/accounts-repository';
import { productResource } from '../src/modules/catalogue/products/product-scope';
import { deleteProductRow, updateProductRow } from '../src/modules/catalogue/products/products-repository';
import {
  assignWarehouseUsers,
  deleteWarehouseRow,
  insertWarehouse,
  lockWarehouse,
  removeWarehouseUser,
  replaceWarehouseUsers,
  updateWarehouseRow,
} from '../src/modules/catalogue/warehouses/warehouses-repository';
import {
  deleteInventoryRow,
  insertEmptyInventory,
  setInventoryVerified,
} from '../src/modules/floor/stock/inventory-repository';
import { inventoryResource } from '../src/modules/floor/stock/inventory-scope';
import {
  deleteShipmentRow,
  insertShipment,
  lockShipment,
  updateShipmentRow,
} from '../src/modules/inbound/shipments/shipments-repository';
import {
  deleteDraftFilesExcept,
  linkDraftFile,
  releaseDraftFiles,
} from '../src/modules/outbound/drafts/draft-files-repository';
import { deleteDraftRow, findDraft, insertDraft, updateDraft } from '../src/modules/outbound/drafts/drafts-repository';
import { findOrderForLabel } from '../src/modules/outbound/labels/labels-repository';
import { setOrdersMergeItem } from '../src/modules/outbound/merge-items/merge-items-repository';
import {
  deleteOrderRow,
  lockOrder,
  setLineVerified,
  setOrderStatus,
  updateOrderHeader,
  updateOrderLine,
} from '../src/modules/outbound/orders/orders-repository';
import { insertFileRow } from '../src/modules/platform/files/files-repository';
import {
  deleteUserRow,
  insertUser,
  setUserRole,
  updateUserDetails,
} from '../src/modules/platform/users/users-repository';
import {
  deleteInquiryRow,
  insertInquiry,
  lockInquiry,
  updateInquiryRow,
} from '../src/modules/service/inquiries/inquiries-repository';
import { createInventory, createProduct } from './support/catalogue';
import { orderWithStock } from './support/orders';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Scope by structure: repository writes carry the scope in their WHERE and report rows affected, and
 * the access gate refuses a whole id set when any id is someone else's. The neighbour client shares warehouse Alpha
 * with the client whose rows are written here.
 */
let ctx: TestContext;
let neighbour: Scope;
let betaManager: Scope;
let cleo: { productId: number; sku: string; inventoryId: number };
let nellProductId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const { alpha, beta } = ctx.world.warehouses;
  const { clientActive, neighbourActive } = ctx.world.accounts;
  neighbour = { kind: 'accounts', accountIds: [neighbourActive], warehouseIds: [alpha] };
  betaManager = { kind: 'warehouses', warehouseIds: [beta] };
  const product = await createProduct(ctx, clientActive);
  const stock = await createInventory(ctx, {
    productId: product.id,
    warehouseId: alpha,
    accountId: clientActive,
    onHand: 4,
  });
  cleo = { productId: product.id, sku: product.sku, inventoryId: stock.id };
  nellProductId = (await createProduct(ctx, neighbourActive)).id;
});
afterAll(() => ctx.close());

const values = (sku: string) => ({ sku, name: 'Renamed', photoUrl: null, link: null, dimension: null, weightLb: null });

describe('repository writes take the scope', () => {
  it('change nothing and report 0 rows for someone else’s real rows', async () => {
    const { db } = ctx.handle;
    const { clientActive } = ctx.world.accounts;
    for (const scope of [neighbour, betaManager]) {
      expect(await updateProductRow(db, scope, cleo.productId, clientActive, values(cleo.sku))).toBe(0);
      expect(await deleteProductRow(db, scope, cleo.productId)).toBe(0);
      expect(await setInventoryVerified(db, scope, cleo.inventoryId, true)).toBe(0);
      expect(await deleteInventoryRow(db, scope, cleo.inventoryId)).toBe(0);
      expect(await updateAccountRow(db, scope, clientActive, { name: 'Taken over' })).toBe(0);
      expect(await deleteAccountRow(db, scope, clientActive)).toBe(0);
    }
    const [product] = await db.select().from(products).where(eq(products.id, cleo.productId));
    expect(product?.name).toBe('Test product');
    const [stock] = await db.select().from(inventories).where(eq(inventories.id, cleo.inventoryId));
    expect(stock?.verified).toBe(false);
    const [account] = await db.select().from(accounts).where(eq(accounts.id, clientActive));
    expect(account?.name).toBe('Cleo Active Goods');
  });

  it('report 1 row in scope', async () => {
    const { db } = ctx.handle;
    const owner: Scope = {
      kind: 'accounts',
      accountIds: [ctx.world.accounts.clientActive, ctx.world.accounts.clientInactive],
      warehouseIds: [ctx.world.warehouses.alpha],
    };
    expect(await setInventoryVerified(db, { kind: 'all' }, cleo.inventoryId, false)).toBe(1);
    expect(await updateProductRow(db, owner, cleo.productId, ctx.world.accounts.clientActive, values(cleo.sku))).toBe(
      1,
    );
  });
});

describe('insertEmptyInventory', () => {
  it('returns the existing row for the same product, warehouse and account instead of nothing', async () => {
    const { db } = ctx.handle;
    const key = {
      productId: cleo.productId,
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
    };
    expect(await insertEmptyInventory(db, key)).toEqual({ id: cleo.inventoryId, created: false });
    const fresh = await insertEmptyInventory(db, { ...key, productId: nellProductId, accountId: key.accountId });
    expect(fresh.created).toBe(true);
    expect(await insertEmptyInventory(db, { ...key, productId: nellProductId })).toEqual({
      id: fresh.id,
      created: false,
    });
  });
});

describe('the access gate', () => {
  it('answers nothing for ids in scope and 404 for a set holding any of someone else’s ids', async () => {
    const { db } = ctx.handle;
    const own: Scope = {
      kind: 'accounts',
      accountIds: [ctx.world.accounts.neighbourActive],
      warehouseIds: [ctx.world.warehouses.alpha],
    };
    await expect(requireAccess(db, own, productResource, [nellProductId])).resolves.toBeUndefined();
    await expect(requireAccess(db, own, productResource, [nellProductId, cleo.productId])).rejects.toMatchObject({
      statusCode: 404,
      message: 'Product not found',
    });
    await expect(requireAccess(db, neighbour, inventoryResource, cleo.inventoryId)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      requireAccess(db, betaManager, accountResource, ctx.world.accounts.clientActive),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Account not found' });
    await expect(
      requireAccess(db, { kind: 'warehouses', warehouseIds: [ctx.world.warehouses.alpha] }, inventoryResource, [
        cleo.inventoryId,
      ]),
    ).resolves.toBeUndefined();
  });
});

describe('order writes take the scope', () => {
  it('change nothing and report 0 rows for a neighbour’s or another warehouse’s order, 1 in scope', async () => {
    const { db } = ctx.handle;
    const { alpha } = ctx.world.warehouses;
    const { clientActive } = ctx.world.accounts;
    const order = await orderWithStock(ctx, clientActive, alpha, { onHand: 10, quantity: 3 });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const [before] = await db.select().from(orders).where(eq(orders.id, order.id));
    const shipped = { id: before!.statusId + 1000, lifecycle: 'shipped' as const };
    for (const scope of [neighbour, betaManager]) {
      await expect(db.transaction((tx) => lockOrder(tx, scope, order.id))).rejects.toMatchObject({ statusCode: 404 });
      expect(await setOrderStatus(db, scope, before!, shipped)).toBe(0);
      expect(await updateOrderHeader(db, scope, order.id, { customerName: 'Taken over' })).toBe(0);
      expect(await updateOrderLine(db, scope, line!.id, { quantity: 1, quantityReserved: 0 })).toBe(0);
      expect(await setLineVerified(db, scope, line!.id, 3, ctx.world.users.admin.id)).toBe(0);
      expect(await findOrderForLabel(db, scope, order.id)).toBeUndefined();
      expect(await setOrdersMergeItem(db, scope, [order.id], 999_999)).toBe(0);
      expect(await deleteOrderRow(db, scope, order.id)).toBe(0);
    }
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toEqual(before);
    const [lineAfter] = await db.select().from(orderItems).where(eq(orderItems.id, line!.id));
    expect(lineAfter).toEqual(line);

    const owner: Scope = { kind: 'accounts', accountIds: [clientActive], warehouseIds: [alpha] };
    expect(await updateOrderHeader(db, owner, order.id, { notes: 'Ring twice' })).toBe(1);
    expect(await setLineVerified(db, owner, line!.id, 1, ctx.world.users.admin.id)).toBe(1);
    expect((await findOrderForLabel(db, owner, order.id))?.id).toBe(order.id);
    expect(await deleteOrderRow(db, { kind: 'warehouses', warehouseIds: [alpha] }, order.id)).toBe(1);
  });
});

/** The client's scope over their own account in Alpha (the owner of the rows written below). */
const ownerScope = (): Scope => ({
  kind: 'accounts',
  accountIds: [ctx.world.accounts.clientActive],
  warehouseIds: [ctx.world.warehouses.alpha],
});

describe('shipment writes take the scope', () => {
  it('change nothing and report 0 rows for a neighbour’s or another warehouse’s shipment, 1 in scope', async () => {
    const { db } = ctx.handle;
    const id = await insertShipment(db, {
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      productId: cleo.productId,
      quantity: 5,
      trackingNumber: 'TRK-1',
      carrier: 'UPS',
      userId: ctx.world.users.client.id,
    });
    const [before] = await db.select().from(shipments).where(eq(shipments.id, id));
    for (const scope of [neighbour, betaManager]) {
      expect(await db.transaction((tx) => lockShipment(tx, scope, id))).toBeUndefined();
      expect(await updateShipmentRow(db, scope, id, { status: 'verified', quantity: 1 })).toBe(0);
      expect(await deleteShipmentRow(db, scope, id)).toBe(0);
    }
    const [after] = await db.select().from(shipments).where(eq(shipments.id, id));
    expect(after).toEqual(before);

    expect((await db.transaction((tx) => lockShipment(tx, ownerScope(), id)))?.id).toBe(id);
    expect(await updateShipmentRow(db, ownerScope(), id, { notes: 'Two pallets' })).toBe(1);
    expect(await deleteShipmentRow(db, { kind: 'warehouses', warehouseIds: [ctx.world.warehouses.alpha] }, id)).toBe(1);
  });
});

describe('inquiry writes take the caller’s reach', () => {
  it('change nothing and report 0 rows for a neighbour or another warehouse’s manager, 1 within reach', async () => {
    const { db } = ctx.handle;
    const { users } = ctx.world;
    const id = await insertInquiry(db, {
      type: 'account',
      query: 'Where is my pallet?',
      warehouseId: ctx.world.warehouses.alpha,
      accountId: ctx.world.accounts.clientActive,
      userId: users.client.id,
    });
    const [before] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    const strangers = [
      { scope: neighbour, userId: users.neighbourClient.id },
      { scope: betaManager, userId: users.otherManager.id },
    ];
    for (const reach of strangers) {
      expect(await db.transaction((tx) => lockInquiry(tx, reach, id))).toBeUndefined();
      expect(await updateInquiryRow(db, reach, id, { query: 'Rewritten', status: 'closed' })).toBe(0);
      expect(await deleteInquiryRow(db, reach, id)).toBe(0);
    }
    const [after] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(after).toEqual(before);

    // The creator reaches their own inquiry even without its account in their scope (a general inquiry).
    const creator = { scope: { ...neighbour, accountIds: [] }, userId: users.client.id };
    expect((await db.transaction((tx) => lockInquiry(tx, creator, id)))?.id).toBe(id);
    expect(await updateInquiryRow(db, creator, id, { response: 'On its way' })).toBe(1);
    expect(await deleteInquiryRow(db, { scope: ownerScope(), userId: users.manager.id }, id)).toBe(1);
  });
});

describe('draft writes take the scope', () => {
  it('change nothing and report 0 rows for a neighbour’s or another warehouse’s draft and its files, 1 in scope', async () => {
    const { db } = ctx.handle;
    const values = {
      title: 'Monday batch',
      description: null,
      accountId: ctx.world.accounts.clientActive,
      warehouseId: ctx.world.warehouses.alpha,
      draftData: { orders: [] },
      totalOrders: 0,
      totalProducts: 0,
      totalQuantity: 0,
    };
    const id = await insertDraft(db, ctx.world.users.client.id, values);
    const newFile = async () => {
      const fileId = randomUUID();
      await insertFileRow(db, {
        id: fileId,
        kind: 'draft_label',
        ownerUserId: ctx.world.users.client.id,
        originalName: 'label.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 10,
        sha256: fileId,
        storageKey: `drafts/${fileId}`,
      });
      return fileId;
    };
    const kept = await newFile();
    expect(await linkDraftFile(db, ownerScope(), id, kept)).toBe(1);
    const stray = await newFile();
    const [before] = await db.select().from(bulkOrderDrafts).where(eq(bulkOrderDrafts.id, id));
    for (const scope of [neighbour, betaManager]) {
      expect(await findDraft(db, scope, id, false)).toBeUndefined();
      expect(await updateDraft(db, scope, id, { ...values, title: 'Taken over' })).toBe(0);
      expect(await linkDraftFile(db, scope, id, stray)).toBe(0);
      expect(await deleteDraftFilesExcept(db, scope, id)).toEqual([]);
      expect(await releaseDraftFiles(db, scope, id, [kept])).toBe(0);
      expect(await deleteDraftRow(db, scope, id)).toBe(0);
    }
    const [after] = await db.select().from(bulkOrderDrafts).where(eq(bulkOrderDrafts.id, id));
    expect(after).toEqual(before);
    const links = await db.select().from(bulkOrderDraftFiles).where(eq(bulkOrderDraftFiles.draftId, id));
    expect(links.map((l) => l.fileId)).toEqual([kept]);
    const [keptFile] = await db.select().from(files).where(eq(files.id, kept));
    expect(keptFile?.kind).toBe('draft_label');

    expect((await findDraft(db, ownerScope(), id, false))?.id).toBe(id);
    expect(await updateDraft(db, ownerScope(), id, { ...values, title: 'Tuesday batch' })).toBe(1);
    expect(await releaseDraftFiles(db, ownerScope(), id, [kept])).toBe(1);
    expect(await deleteDraftRow(db, { kind: 'warehouses', warehouseIds: [ctx.world.warehouses.alpha] }, id)).toBe(1);
  });
});

describe('warehouse writes take the scope', () => {
  it('change nothing and report 0 rows for another warehouse’s manager or client, 1 in scope', async () => {
    const { db } = ctx.handle;
    const id = await insertWarehouse(db, { name: 'Delta Warehouse', code: 'DLT', isActive: true });
    const { manager, otherManager } = ctx.world.users;
    await db.insert(warehouseUsers).values({ warehouseId: id, userId: manager.id });
    const deltaManager: Scope = { kind: 'warehouses', warehouseIds: [id] };
    const betaClient: Scope = {
      kind: 'accounts',
      accountIds: [ctx.world.accounts.otherClient],
      warehouseIds: [ctx.world.warehouses.beta],
    };
    const [before] = await db.select().from(warehouses).where(eq(warehouses.id, id));
    const links = () => db.select().from(warehouseUsers).where(eq(warehouseUsers.warehouseId, id));
    for (const scope of [betaManager, betaClient]) {
      expect(await db.transaction((tx) => lockWarehouse(tx, scope, id))).toBeUndefined();
      expect(await updateWarehouseRow(db, scope, id, { name: 'Taken over', isActive: false })).toBe(0);
      expect(await assignWarehouseUsers(db, scope, id, [otherManager.id])).toBe(0);
      await replaceWarehouseUsers(db, scope, id, [otherManager.id]);
      expect(await removeWarehouseUser(db, scope, id, manager.id)).toBe(false);
      expect(await deleteWarehouseRow(db, scope, id)).toBe(0);
    }
    const [after] = await db.select().from(warehouses).where(eq(warehouses.id, id));
    expect(after).toEqual(before);
    expect((await links()).map((l) => l.userId)).toEqual([manager.id]);

    expect((await db.transaction((tx) => lockWarehouse(tx, deltaManager, id)))?.id).toBe(id);
    expect(await updateWarehouseRow(db, deltaManager, id, { notes: 'Dock 4' })).toBe(1);
    expect(await assignWarehouseUsers(db, deltaManager, id, [otherManager.id, manager.id])).toBe(1);
    expect(await removeWarehouseUser(db, deltaManager, id, otherManager.id)).toBe(true);
    await db.delete(warehouseUsers).where(eq(warehouseUsers.warehouseId, id));
    expect(await deleteWarehouseRow(db, { kind: 'all' }, id)).toBe(1);
  });
});

describe('user writes take the caller’s reach', () => {
  it('change nothing and report 0 rows for another warehouse’s manager or a client, 1 within reach', async () => {
    const { db } = ctx.handle;
    const { alpha } = ctx.world.warehouses;
    const { otherManager, neighbourClient, manager } = ctx.world.users;
    const id = await insertUser(db, {
      name: 'Pia Picker',
      email: 'pia.picker@test.example.com',
      passwordHash: 'x',
      role: 'manager',
      warehouseIds: [alpha],
    });
    const roleOf = async () =>
      (await db.execute(sql`select r.name from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${id}`)) as unknown as { rows: { name: string }[] };
    const [before] = await db.select().from(users).where(eq(users.id, id));
    const strangers = [userCondition(betaManager, otherManager.id), userCondition(neighbour, neighbourClient.id)];
    for (const reach of strangers) {
      expect(await updateUserDetails(db, reach, id, { name: 'Taken over', email: 'taken@test.example.com' })).toBe(0);
      expect(await setUserRole(db, reach, id, 'admin')).toBe(0);
      expect(await deleteUserRow(db, reach, id)).toBe(0);
    }
    const [after] = await db.select().from(users).where(eq(users.id, id));
    expect(after).toEqual(before);
    expect((await roleOf()).rows.map((r) => r.name)).toEqual(['manager']);

    const alphaManager = userCondition({ kind: 'warehouses', warehouseIds: [alpha] }, manager.id);
    expect(
      await updateUserDetails(db, alphaManager, id, { name: 'Pia P.', email: 'pia.picker@test.example.com' }),
    ).toBe(1);
    expect(await setUserRole(db, alphaManager, id, 'client')).toBe(1);
    expect((await roleOf()).rows.map((r) => r.name)).toEqual(['client']);
    expect(await deleteUserRow(db, alphaManager, id)).toBe(1);
  });
});
