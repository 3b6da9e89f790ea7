import type { WarehouseLocationStockRow } from '@wms/contract/location-stock';
import { describe, expect, it } from 'vitest';
import { heldStockAt, type MoveSnapshot, movedInSnapshot, withWaitingMoves } from './move-snapshot';

const row = (
  locationId: number,
  inventoryId: number,
  sku: string,
  lot: { id: number; code: string } | null,
  quantity: number,
): WarehouseLocationStockRow => ({
  location_id: locationId,
  inventory_id: inventoryId,
  product: { id: inventoryId * 10, sku, barcode: `0000${inventoryId}`, name: sku },
  account: { id: 1, name: 'Northwind' },
  lot: lot && { ...lot, expiry_date: null },
  quantity,
});

const snapshot: MoveSnapshot = {
  warehouseId: 3,
  complete: true,
  locations: [
    { id: 1, code: 'A-01', type: 'pick', is_active: true },
    { id: 2, code: 'B-02', type: 'storage', is_active: true },
    { id: 3, code: 'C-03', type: 'storage', is_active: false },
  ],
  stock: [
    row(1, 7, 'TENT', null, 5),
    row(1, 7, 'TENT', { id: 70, code: 'L-1' }, 4),
    row(1, 8, 'MUG', null, 2),
    row(2, 8, 'MUG', null, 1),
  ],
};

describe('the stock held on the device', () => {
  it('lists what a location holds as the server does: by SKU, one row per inventory row and lot', () => {
    expect(heldStockAt(snapshot, 1).map((r) => [r.product.sku, r.lot?.code ?? null, r.quantity])).toEqual([
      ['MUG', null, 2],
      ['TENT', null, 5],
      ['TENT', 'L-1', 4],
    ]);
    expect(heldStockAt(snapshot, 1)[0]).not.toHaveProperty('location_id');
    expect(heldStockAt(snapshot, 3)).toEqual([]);
  });
});

describe('a move applied to the held stock', () => {
  it('takes the units from the source row (its lot only) and adds them to the target’s row', () => {
    const next = movedInSnapshot(snapshot, {
      inventoryId: 8,
      fromLocationId: 1,
      toLocationId: 2,
      lotId: null,
      quantity: 1,
    });
    expect(heldStockAt(next, 1).find((r) => r.inventory_id === 8)?.quantity).toBe(1);
    expect(heldStockAt(next, 2).map((r) => r.quantity)).toEqual([2]);
    // The snapshot it came from is left as it was (the cache holds the new one).
    expect(heldStockAt(snapshot, 2).map((r) => r.quantity)).toEqual([1]);
  });

  it('creates the target row for a lot it did not hold, and drops the source row it emptied', () => {
    const next = movedInSnapshot(snapshot, {
      inventoryId: 7,
      fromLocationId: 1,
      toLocationId: 2,
      lotId: 70,
      quantity: 4,
    });
    expect(heldStockAt(next, 1).map((r) => [r.product.sku, r.lot?.code ?? null])).toEqual([
      ['MUG', null],
      ['TENT', null],
    ]);
    expect(heldStockAt(next, 2).map((r) => [r.product.sku, r.lot?.code ?? null, r.quantity])).toEqual([
      ['MUG', null, 1],
      ['TENT', 'L-1', 4],
    ]);
    // The moved units can be moved on from the target, offline too.
    const onward = movedInSnapshot(next, {
      inventoryId: 7,
      fromLocationId: 2,
      toLocationId: 1,
      lotId: 70,
      quantity: 3,
    });
    expect(heldStockAt(onward, 1).find((r) => r.lot?.id === 70)?.quantity).toBe(3);
    expect(heldStockAt(onward, 2).find((r) => r.lot?.id === 70)?.quantity).toBe(1);
  });

  it('changes nothing for stock the device does not hold at the source (the server judges it on sync)', () => {
    const move = { inventoryId: 9, fromLocationId: 1, toLocationId: 2, lotId: null, quantity: 1 };
    expect(movedInSnapshot(snapshot, move)).toBe(snapshot);
  });
});

describe('held stock that missed moves still queued (its copy lost the race with a reload)', () => {
  it('applies the missing moves in the order they were made; other queued actions change nothing', () => {
    const move = (from: number, to: number, quantity: number, lot_id: number | null = null) => ({
      from_location_id: from,
      to_location_id: to,
      quantity,
      lot_id,
    });
    const next = withWaitingMoves(snapshot, [
      { path: '/inventories/7/moves', body: move(1, 2, 3) },
      { path: '/waves/1/tasks/2/pick', body: move(1, 2, 2) },
      { path: '/inventories/7/moves', body: move(1, 2, 4, 70) },
      { path: '/inventories/7/moves', body: move(2, 1, 1) },
    ]);
    expect(heldStockAt(next, 1).map((r) => [r.product.sku, r.lot?.code ?? null, r.quantity])).toEqual([
      ['MUG', null, 2],
      ['TENT', null, 3],
    ]);
    expect(heldStockAt(next, 2).map((r) => [r.product.sku, r.lot?.code ?? null, r.quantity])).toEqual([
      ['MUG', null, 1],
      ['TENT', null, 2],
      ['TENT', 'L-1', 4],
    ]);
    expect(withWaitingMoves(snapshot, [])).toBe(snapshot);
  });
});
