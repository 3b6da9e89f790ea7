import { ORDER_IMPORT_COLUMNS } from '@wms/contract/order-imports';
import { WAVE_MESSAGES } from '@wms/contract/waves';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { multipart } from './support/multipart';
import { bulkCreate, orderInput, stockedProduct, uniqueOrderId } from './support/order-creation';
import { sheetFile } from './support/spreadsheets';
import { expectRefusedUnchanged } from './support/table-snapshot';
import { createTestContext, type TestContext } from './support/test-app';

/**
 * Order priority (normal / urgent; the wave builder releases urgent orders first): set on create, edit and import,
 * shown on the order and filterable on the list; a bad value is refused with the contract's message.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const orderOf = async (id: number) => (await ctx.as('client', { method: 'GET', url: `/api/orders/${id}` })).json().data;
const priorityOf = async (externalId: string) =>
  (await ctx.handle.db.select().from(orders).where(eq(orders.externalOrderId, externalId)))[0]?.priority;

async function created(priority?: string) {
  const { world } = ctx;
  const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
  const input = orderInput(
    world.accounts.clientActive,
    [{ product_id: stock.id, quantity: 1 }],
    priority ? { priority } : {},
  );
  return bulkCreate(ctx, 'client', world.warehouses.alpha, [input]);
}

describe('priority on create', () => {
  it('is normal unless urgent is asked; the order answer and the list show it', async () => {
    const plain = await created();
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await orderOf(plain.json().data[0].id)).priority).toBe('normal');
    const urgent = await created('urgent');
    expect(urgent.statusCode, urgent.body).toBe(201);
    const id = urgent.json().data[0].id;
    expect((await orderOf(id)).priority).toBe('urgent');
    const list = await ctx.as('client', { method: 'GET', url: '/api/orders/with-merge-items?priority=urgent' });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: number; priority: string }[];
    expect(rows.map((r) => r.id)).toContain(id);
    expect(rows.every((r) => r.priority === 'urgent')).toBe(true);
    const bad = await ctx.as('client', { method: 'GET', url: '/api/orders/with-merge-items?priority=soon' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses another value with the contract message, creating nothing', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const input = orderInput(world.accounts.clientActive, [{ product_id: stock.id, quantity: 1 }], {
      priority: 'asap',
    });
    const res = await expectRefusedUnchanged(
      ctx.handle.db,
      () => bulkCreate(ctx, 'client', world.warehouses.alpha, [input]),
      422,
    );
    expect(res.json().errors).toEqual({ 'orders.0.priority': [WAVE_MESSAGES.priorityInvalid] });
  });
});

describe('priority on edit', () => {
  it('changes it on an open order; a bad value is 422 on priority and changes nothing', async () => {
    const id = (await created()).json().data[0].id;
    const res = await ctx.as('client', { method: 'PUT', url: `/api/orders/${id}`, payload: { priority: 'urgent' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.priority).toBe('urgent');
    const bad = await expectRefusedUnchanged(
      ctx.handle.db,
      () => ctx.as('client', { method: 'PUT', url: `/api/orders/${id}`, payload: { priority: 'low' } }),
      422,
    );
    expect(bad.json().errors).toEqual({ priority: [WAVE_MESSAGES.priorityInvalid] });
    expect((await orderOf(id)).priority).toBe('urgent');
  });
});

describe('priority on import', () => {
  it('reads the optional Priority column (blank: normal) and reports a bad value on its row', async () => {
    const { world } = ctx;
    const stock = await stockedProduct(ctx, world.accounts.clientActive, world.warehouses.alpha, 10);
    const [urgent, plain, bad] = [uniqueOrderId('PRI'), uniqueOrderId('PRI'), uniqueOrderId('PRI')];
    const header = ORDER_IMPORT_COLUMNS.map((c) => c.label);
    expect(header).toContain('Priority');
    const row = (id: string, priority: string) => [
      'Cleo Active Goods',
      id,
      'Ann',
      '2026-12-01',
      '',
      stock.sku,
      1,
      '',
      priority,
    ];
    const res = await ctx.as('client', {
      method: 'POST',
      url: '/api/orders/import',
      ...multipart(
        { warehouse_id: world.warehouses.alpha },
        {
          filename: 'orders.csv',
          content: sheetFile([header, row(urgent, 'Urgent'), row(plain, ''), row(bad, 'soon')], 'csv'),
        },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary.success_count).toBe(2);
    expect(res.json().summary.errors.join('\n')).toContain(`Row 4: ${WAVE_MESSAGES.priorityInvalid}`);
    expect(await priorityOf(urgent)).toBe('urgent');
    expect(await priorityOf(plain)).toBe('normal');
    expect(await priorityOf(bad)).toBeUndefined();
  });
});
