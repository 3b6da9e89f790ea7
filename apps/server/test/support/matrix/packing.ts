import { sql } from 'drizzle-orm';
import type { MatrixEntry } from '../authorization-matrix';
import { only } from '../authorization-matrix';
import { createOrder, stockedProduct } from '../orders';
import type { TestContext } from '../test-app';

/**
 * A REAL cancelled order of warehouse Alpha, its Custom carton type and a cancelled batch wave (seeded by
 * `seedPackingMatrixRows`): every packing write answers 422 (not open / nothing to sort) to Alpha's staff and leaves
 * the world as it was; Beta's manager meets the real ids and gets 404; clients hold no packing permission (403).
 */
const rows = { order: 0, wave: 0, customType: 0 };

export async function seedPackingMatrixRows(ctx: TestContext): Promise<void> {
  const alpha = ctx.world.warehouses.alpha;
  const account = ctx.world.accounts.clientActive;
  const stock = await stockedProduct(ctx, account, alpha, 5);
  const order = await createOrder(ctx, {
    accountId: account,
    warehouseId: alpha,
    lines: [{ productId: stock.productId, quantity: 1 }],
  });
  const exec = async (q: ReturnType<typeof sql>) =>
    ((await ctx.handle.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  await exec(sql`update orders set lifecycle = 'cancelled',
    status_id = (select id from statuses where lifecycle = 'cancelled' order by id limit 1) where id = ${order.id}`);
  rows.order = order.id;
  await exec(sql`insert into carton_types (warehouse_id, name, is_custom) values (${alpha}, 'Custom', true)
    on conflict do nothing`);
  const [custom] = await exec(sql`select id from carton_types where warehouse_id = ${alpha} and is_custom`);
  rows.customType = Number(custom!.id);
  const [wave] = await exec(sql`insert into waves (warehouse_id, mode, status) values (${alpha}, 'batch', 'cancelled')
    returning id`);
  rows.wave = Number(wave!.id);
}

const staff = ['superAdmin', 'admin', 'manager', 'otherManager'] as const;
const alphaRow = (ok: number) => only(staff, ok, { otherManager: 404 });
const carton = (suffix = '') => `/api/orders/${rows.order}/cartons/2147483000${suffix}`;

export const packingMatrix: MatrixEntry[] = [
  {
    route: 'GET /api/settings/packing',
    request: () => ({ method: 'GET', url: '/api/settings/packing' }),
    expect: only(staff, 200),
  },
  {
    // Managers hold `manage packing stations` but numbering every warehouse's cartons is all-warehouse staff's.
    route: 'PUT /api/settings/packing',
    request: () => ({
      method: 'PUT',
      url: '/api/settings/packing',
      payload: { gs1_company_prefix: null, sscc_extension_digit: 0 },
    }),
    expect: only(['superAdmin', 'admin'], 200),
  },
  {
    route: 'GET /api/warehouses/:id/carton-types',
    request: (w) => ({ method: 'GET', url: `/api/warehouses/${w.warehouses.alpha}/carton-types` }),
    expect: alphaRow(200),
  },
  {
    route: 'POST /api/warehouses/:id/carton-types',
    request: (w) => ({
      method: 'POST',
      url: `/api/warehouses/${w.warehouses.alpha}/carton-types`,
      payload: { name: '' },
    }),
    expect: only(staff, 422),
  },
  {
    // The Custom type is never changed: 422 for Alpha's staff.
    route: 'PUT /api/carton-types/:id',
    request: () => ({
      method: 'PUT',
      url: `/api/carton-types/${rows.customType}`,
      payload: { name: 'Renamed', length_mm: 1, width_mm: 1, height_mm: 1 },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'DELETE /api/carton-types/:id',
    request: () => ({ method: 'DELETE', url: `/api/carton-types/${rows.customType}` }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/packing/lookup',
    request: (w) => ({
      method: 'POST',
      url: '/api/packing/lookup',
      payload: { warehouse_id: w.warehouses.alpha, code: 'NOTHING-HERE' },
    }),
    expect: only(staff, 404),
  },
  {
    route: 'POST /api/waves/:id/pack-sort',
    request: () => ({ method: 'POST', url: `/api/waves/${rows.wave}/pack-sort`, payload: { code: 'NOTHING' } }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/orders/:id/pack',
    request: () => ({ method: 'POST', url: `/api/orders/${rows.order}/pack`, payload: {} }),
    expect: alphaRow(422),
  },
  {
    route: 'GET /api/orders/:id/pack',
    request: () => ({ method: 'GET', url: `/api/orders/${rows.order}/pack` }),
    expect: alphaRow(200),
  },
  {
    route: 'POST /api/orders/:id/pack/scan',
    request: () => ({ method: 'POST', url: `/api/orders/${rows.order}/pack/scan`, payload: { code: 'X' } }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/orders/:id/cartons',
    request: () => ({
      method: 'POST',
      url: `/api/orders/${rows.order}/cartons`,
      payload: { carton_type_id: rows.customType },
    }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/orders/:id/cartons/:cartonId/items',
    request: () => ({ method: 'POST', url: carton('/items'), payload: { order_item_id: 1, quantity: 1 } }),
    expect: alphaRow(422),
  },
  {
    route: 'PATCH /api/orders/:id/cartons/:cartonId',
    request: () => ({ method: 'PATCH', url: carton(), payload: {} }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/orders/:id/cartons/:cartonId/close',
    request: () => ({ method: 'POST', url: carton('/close'), payload: { weight_g: 100 } }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/orders/:id/cartons/:cartonId/reopen',
    request: () => ({ method: 'POST', url: carton('/reopen') }),
    expect: alphaRow(422),
  },
  {
    route: 'DELETE /api/orders/:id/cartons/:cartonId',
    request: () => ({ method: 'DELETE', url: carton() }),
    expect: alphaRow(422),
  },
  {
    route: 'POST /api/orders/:id/ship',
    request: () => ({ method: 'POST', url: `/api/orders/${rows.order}/ship`, payload: {} }),
    expect: alphaRow(422),
  },
];
