import { type Carton, PACKING_MESSAGES, type PackItem, type PackView } from '@wms/contract/packing';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/api/api-error';
import { failureMessage } from '../../lib/api/failure-message';
import { SAVED_OFFLINE } from '../../lib/offline/floor-queue';
import {
  isHeldOnly,
  judgePackScan,
  packedOffline,
  packScanLabel,
  packScanPath,
  withWaitingScans,
} from './offline-pack';

const item = (id: number, sku: string, extra: Partial<PackItem> = {}): PackItem => ({
  id,
  sku,
  name: `Product ${sku}`,
  barcode: null,
  lot_tracked: false,
  quantity: 2,
  picked: 2,
  verified: 0,
  packed: 0,
  lots: [],
  ...extra,
});

const carton = (id: number, number: number, extra: Partial<Carton> = {}): Carton => ({
  id,
  number,
  carton_type_id: 3,
  type_name: 'Medium',
  length_mm: 400,
  width_mm: 300,
  height_mm: 200,
  weight_g: null,
  status: 'open',
  sscc: null,
  carrier: null,
  tracking_number: null,
  items: [],
  ...extra,
});

const view = (cartons: Carton[] = [carton(50, 1)]): PackView => ({
  order: {
    id: 123,
    order_number: 'ORD-000123',
    external_id: 'EXT-1',
    status: 'Picked',
    account_id: 1,
    warehouse_id: 1,
    require_label: false,
    has_label: false,
    carrier: null,
    tracking_number: null,
    wave: { id: 9, number: 'WAVE-000009', slot: 1, tote: null },
  },
  items: [
    item(1, 'SKU-A', { barcode: '0001112223334' }),
    item(2, 'SKU-B', {
      lot_tracked: true,
      lots: [
        { lot_id: 7, lot_number: 'L-7', picked: 1 },
        { lot_id: 8, lot_number: 'L-8', picked: 1 },
      ],
    }),
    item(3, 'SKU-C', { quantity: 3, picked: 1 }),
  ],
  cartons,
  ready_to_ship: false,
  blockers: [PACKING_MESSAGES.notAllVerified, PACKING_MESSAGES.openCartons(1), PACKING_MESSAGES.noCartons],
});

/** What the scan field would say of a refusal: the same function as for the server's answers. */
const refusalOf = (run: () => unknown): string | null => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return failureMessage(error, 'fallback');
  }
  throw new Error('the scan was not refused');
};

describe('packing scans judged and applied on the device', () => {
  it('counts the unit in the open carton: the line verified and packed, the carton holding it', () => {
    const first = packedOffline(view(), { code: 'sku-a', carton_id: 50 });
    expect(first.message).toBe(`${PACKING_MESSAGES.verified('SKU-A', 1, 2, 1)} ${SAVED_OFFLINE}`);
    expect(first).toMatchObject({ item_id: 1, carton_id: 50 });
    expect(first.pack.items[0]).toMatchObject({ verified: 1, packed: 1 });
    expect(first.pack.cartons[0]!.items).toEqual([
      { order_item_id: 1, sku: 'SKU-A', lot_id: null, lot_number: null, quantity: 1 },
    ]);
    // The barcode names the same line; the second unit joins the first in the carton.
    const second = packedOffline(first.pack, { code: '0001112223334', carton_id: 50 });
    expect(second.pack.items[0]).toMatchObject({ verified: 2, packed: 2 });
    expect(second.pack.cartons[0]!.items).toEqual([expect.objectContaining({ order_item_id: 1, quantity: 2 })]);
  });

  it('refuses over-packing and unknown codes with the online messages, changing nothing', () => {
    const full = packedOffline(packedOffline(view(), { code: 'SKU-A' }).pack, { code: 'SKU-A' }).pack;
    expect(refusalOf(() => packedOffline(full, { code: 'SKU-A' }))).toBe(PACKING_MESSAGES.tooMany('SKU-A', 2));
    expect(full.items[0]).toMatchObject({ verified: 2, packed: 2 });
    // Fewer picked than ordered (a short pick): the extra unit is one more than was picked.
    const picked = packedOffline(view(), { code: 'SKU-C' }).pack;
    expect(refusalOf(() => packedOffline(picked, { code: 'SKU-C' }))).toBe(PACKING_MESSAGES.notPicked('SKU-C', 1));
    expect(refusalOf(() => judgePackScan(view(), ' NOPE '))).toBe(PACKING_MESSAGES.notInOrder('NOPE'));
  });

  it('asks for the lot of a lot-tracked line picked from two lots, and packs the lot scanned', () => {
    expect(refusalOf(() => packedOffline(view(), { code: 'SKU-B' }))).toBe(PACKING_MESSAGES.lotRequired('SKU-B'));
    const lot = packedOffline(view(), { code: 'l-7', carton_id: 50 });
    expect(lot.pack.cartons[0]!.items).toEqual([
      { order_item_id: 2, sku: 'SKU-B', lot_id: 7, lot_number: 'L-7', quantity: 1 },
    ]);
    // Lot 7's one unit is packed: the product's scan now means the only lot left.
    const next = packedOffline(lot.pack, { code: 'SKU-B', carton_id: 50 });
    expect(next.pack.cartons[0]!.items.map((line) => [line.lot_id, line.quantity])).toEqual([
      [7, 1],
      [8, 1],
    ]);
    expect(refusalOf(() => packedOffline(next.pack, { code: 'L-7' }))).toBe(PACKING_MESSAGES.tooMany('SKU-B', 2));
  });

  it('a closed carton refuses the scan; with none open a carton is opened on the device, numbered next', () => {
    const closed = view([carton(50, 1, { status: 'closed', sscc: '006141410000000012' })]);
    expect(refusalOf(() => packedOffline(closed, { code: 'SKU-A', carton_id: 50 }))).toBe(
      PACKING_MESSAGES.cartonNotOpen,
    );
    const answer = packedOffline(closed, { code: 'SKU-A' });
    const opened = answer.pack.cartons[1]!;
    expect(isHeldOnly(opened)).toBe(true);
    expect(opened).toMatchObject({ number: 2, status: 'open', type_name: 'Medium', items: [{ quantity: 1 }] });
    expect(answer.carton_id).toBe(opened.id);
    expect(packScanLabel(closed, { code: 'SKU-A' })).toBe('Pack 1 × SKU-A into carton 2 of order ORD-000123');
  });

  it('works the packing blockers out again and keeps the others', () => {
    const held = { ...view(), blockers: [...view().blockers, PACKING_MESSAGES.labelRequired] };
    let pack = held;
    for (const code of ['SKU-A', 'SKU-A', 'L-7', 'L-8', 'SKU-C']) pack = packedOffline(pack, { code }).pack;
    expect(pack.blockers).toEqual([
      PACKING_MESSAGES.labelRequired,
      PACKING_MESSAGES.openCartons(1),
      PACKING_MESSAGES.noCartons,
    ]);
    expect(pack.ready_to_ship).toBe(false);
  });

  it('applies the queued scans a copy missed (a reload right after them), as they were applied when made', () => {
    const closed = view([carton(50, 1, { status: 'closed', sscc: '006141410000000012' })]);
    // As made: the first scan opened a carton on the device, the second went into it (sent without its id).
    const first = packedOffline(closed, { code: 'SKU-A' });
    const made = packedOffline(first.pack, { code: 'L-7', carton_id: first.carton_id }).pack;
    const queued = (code: string, orderId = 123) => ({ path: packScanPath(orderId), body: { code } });
    expect(withWaitingScans(closed, [queued('SKU-A'), queued('L-7'), queued('SKU-B', 999)])).toEqual(made);
    // One the held view refuses (queued behind older actions, for the server to judge) changes nothing.
    expect(withWaitingScans(made, [queued('NOT-HERE')])).toEqual(made);
    expect(withWaitingScans(made, [])).toBe(made);
  });
});
