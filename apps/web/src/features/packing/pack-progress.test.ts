import type { Carton, PackItem, PackView } from '@wms/contract/packing';
import { describe, expect, it } from 'vitest';
import { lineState, packTotals, shipLines, shipRequest, targetCarton } from './pack-progress';

const item = (overrides: Partial<PackItem>): PackItem => ({
  id: 1,
  sku: 'SKU-1',
  name: 'Thing',
  barcode: null,
  lot_tracked: false,
  quantity: 2,
  picked: 2,
  verified: 0,
  packed: 0,
  lots: [],
  ...overrides,
});

const carton = (overrides: Partial<Carton>): Carton => ({
  id: 10,
  number: 1,
  carton_type_id: 1,
  type_name: 'Custom',
  length_mm: 300,
  width_mm: 200,
  height_mm: 100,
  weight_g: null,
  status: 'open',
  sscc: null,
  carrier: null,
  tracking_number: null,
  items: [],
  ...overrides,
});

const view = (cartons: Carton[]): PackView => ({
  order: {
    id: 1,
    order_number: 'ORD-1',
    external_id: '',
    status: 'Picked',
    account_id: 1,
    warehouse_id: 1,
    require_label: false,
    has_label: true,
    carrier: 'UPS',
    tracking_number: '1Z999',
    wave: null,
  },
  items: [],
  cartons,
  ready_to_ship: true,
  blockers: [],
});

describe('packing progress', () => {
  it('sums the order and says where each line stands', () => {
    const items = [item({ verified: 2, packed: 2 }), item({ id: 2, quantity: 3, picked: 2, verified: 1, packed: 1 })];
    expect(packTotals(items)).toEqual({ quantity: 5, picked: 4, verified: 3, packed: 3 });
    expect(lineState(items[0]!)).toBe('done');
    expect(lineState(items[1]!)).toBe('started');
    expect(lineState(item({}))).toBe('waiting');
    // Nothing reached the bench for a line (a short pick): never "done", it is not packed.
    expect(lineState(item({ picked: 0 }))).toBe('waiting');
  });

  it('scans into the chosen open carton, else the newest open one', () => {
    const cartons = [carton({ id: 1 }), carton({ id: 2, status: 'closed' }), carton({ id: 3 })];
    expect(targetCarton(cartons, 1)?.id).toBe(1);
    expect(targetCarton(cartons, 2)?.id).toBe(3);
    expect(targetCarton(cartons, null)?.id).toBe(3);
    expect(targetCarton([carton({ status: 'closed' })], null)).toBeNull();
  });

  it("prefills Ship from each carton, else the order's label, and leaves blanks to the server", () => {
    const lines = shipLines(
      view([carton({ id: 1, sscc: '000000000000000017' }), carton({ id: 2, number: 2, tracking_number: 'T2' })]),
    );
    expect(lines).toEqual([
      { cartonId: 1, number: 1, sscc: '000000000000000017', carrier: 'UPS', trackingNumber: '1Z999' },
      { cartonId: 2, number: 2, sscc: null, carrier: 'UPS', trackingNumber: 'T2' },
    ]);
    expect(shipRequest([{ ...lines[0]!, carrier: ' ', trackingNumber: ' 1Z1 ' }])).toEqual({
      cartons: [{ carton_id: 1, tracking_number: '1Z1' }],
    });
  });
});
